import { SELLER_FORM_MESSAGES, US_STATES } from '../../../modules/sellers/seller.messages';
import type { SellerApplicationInput } from '../../../modules/sellers/sellers.inputs';
import type { FieldErrors } from '../../lib/form';

/** The 50 US state codes offered for businessState (spec 001 §2 "Seller application"): the server's list. */
export const US_STATE_CODES = US_STATES;

export const BUSINESS_TYPES = [
  { value: 'individual', label: 'Individual' },
  { value: 'business', label: 'Business' },
  { value: 'dealership', label: 'Dealership' },
] as const;

export type BusinessType = (typeof BUSINESS_TYPES)[number]['value'];

/** The seller application form as typed (spec 001 §3 "Seller application payload" plus the acceptances). */
export interface RegisterSellerForm {
  businessName: string;
  businessType: BusinessType;
  taxId: string;
  businessLicense: string;
  businessAddress: string;
  businessCity: string;
  businessState: string;
  businessZip: string;
  businessCountry: string;
  contactPhone: string;
  website: string;
  description: string;
  /** Kept as typed; must be a whole number or empty. */
  yearsInBusiness: string;
  specialties: string[];
  privacyAccepted: boolean;
  termsAccepted: boolean;
}

export type RegisterSellerField = keyof RegisterSellerForm;
export type RegisterSellerErrors = FieldErrors<RegisterSellerForm>;

export const EMPTY_REGISTER_SELLER_FORM: RegisterSellerForm = {
  businessName: '',
  businessType: 'individual',
  taxId: '',
  businessLicense: '',
  businessAddress: '',
  businessCity: '',
  businessState: '',
  businessZip: '',
  businessCountry: 'USA',
  contactPhone: '',
  website: '',
  description: '',
  yearsInBusiness: '',
  specialties: [],
  privacyAccepted: false,
  termsAccepted: false,
};

/** The server's sentences (seller.messages.ts) and the form's own acceptances. */
export const SELLER_MESSAGES = {
  ...SELLER_FORM_MESSAGES,
  privacyAccepted: 'You must accept the Privacy Policy to register as a seller',
  termsAccepted: 'You must accept the Terms of Service to register as a seller',
} as const;

const WHOLE_NUMBER = /^\d+$/;

/** The digits of a phone number as typed ("(555) 123-4567" has 10). */
export const phoneDigits = (phone: string): number => phone.replace(/\D/g, '').length;

/** An http(s) address with a dotted host; a bare "example.com" counts (the server adds https://). */
export function isWebsite(typed: string): boolean {
  const value = typed.trim();
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The spec's messages for each invalid field (spec 001 §5 "Seller application"); empty when the form may be sent. */
export function validateRegisterSeller(form: RegisterSellerForm): RegisterSellerErrors {
  const errors: RegisterSellerErrors = {};
  if (form.businessName.trim().length < 2) errors.businessName = SELLER_MESSAGES.businessName;
  if (phoneDigits(form.contactPhone) < 10) errors.contactPhone = SELLER_MESSAGES.contactPhone;
  if (form.businessAddress.trim().length < 5) errors.businessAddress = SELLER_MESSAGES.businessAddress;
  if (form.businessCity.trim().length < 2) errors.businessCity = SELLER_MESSAGES.businessCity;
  if (form.businessState.trim().length < 2) errors.businessState = SELLER_MESSAGES.businessState;
  if (form.businessZip.trim().length < 5) errors.businessZip = SELLER_MESSAGES.businessZip;
  const years = form.yearsInBusiness.trim();
  if (years && (!WHOLE_NUMBER.test(years) || Number(years) > 200)) errors.yearsInBusiness = SELLER_MESSAGES.yearsInBusiness;
  if (form.website.trim() && !isWebsite(form.website)) errors.website = SELLER_MESSAGES.website;
  if (!form.privacyAccepted) errors.privacyAccepted = SELLER_MESSAGES.privacyAccepted;
  if (!form.termsAccepted) errors.termsAccepted = SELLER_MESSAGES.termsAccepted;
  return errors;
}

/**
 * What POST /api/sellers receives: trimmed, without the acceptance flags (spec 001 §7) and without a
 * userId (the server takes the applicant from the session); optional fields left out when blank.
 */
export function toSellerPayload(form: RegisterSellerForm): SellerApplicationInput {
  const optional = (value: string) => value.trim() || undefined;
  const years = form.yearsInBusiness.trim();
  const payload: SellerApplicationInput = {
    businessName: form.businessName.trim(),
    businessType: form.businessType,
    taxId: optional(form.taxId),
    businessLicense: optional(form.businessLicense),
    businessAddress: form.businessAddress.trim(),
    businessCity: form.businessCity.trim(),
    businessState: form.businessState.trim(),
    businessZip: form.businessZip.trim(),
    businessCountry: form.businessCountry.trim() || 'USA',
    contactPhone: form.contactPhone.trim(),
    website: optional(form.website),
    description: optional(form.description),
    yearsInBusiness: years ? Number(years) : undefined,
    specialties: form.specialties,
  };
  for (const key of Object.keys(payload) as Array<keyof SellerApplicationInput>) {
    if (payload[key] === undefined) delete payload[key];
  }
  return payload;
}

/** Adds a specialty as typed: trimmed; blanks and duplicates (ignoring case) leave the list unchanged. */
export function addSpecialty(list: readonly string[], typed: string): string[] {
  const value = typed.trim();
  if (!value) return [...list];
  const lower = value.toLowerCase();
  if (list.some((s) => s.toLowerCase() === lower)) return [...list];
  return [...list, value];
}

/** The list without `specialty`. */
export function removeSpecialty(list: readonly string[], specialty: string): string[] {
  return list.filter((s) => s !== specialty);
}
