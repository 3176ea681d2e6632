/**
 * The state codes and sentences of the seller application and the storefront form: the server's zod schemas answer
 * with them and the web app's checks show them before sending. Pure: imports nothing (the front ends import it as code).
 */

/** The 50 two-letter US state codes the application form offers. */
export const US_STATES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY',
  'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND',
  'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;

/** The seller application, by field. */
export const SELLER_FORM_MESSAGES = {
  businessName: 'Business name must be at least 2 characters',
  contactPhone: 'Phone number must be at least 10 digits',
  businessAddress: 'Address must be at least 5 characters',
  businessCity: 'City must be at least 2 characters',
  businessState: 'State must be at least 2 characters',
  businessStateCode: 'Please choose a US state from the list',
  businessZip: 'ZIP code must be at least 5 characters',
  yearsInBusiness: 'Years in business must be a whole number',
  website: 'Please enter a valid website address',
} as const;

/** The storefront form, by field. */
export const STOREFRONT_MESSAGES = {
  displayName: 'Display name must be at least 2 characters',
} as const;
