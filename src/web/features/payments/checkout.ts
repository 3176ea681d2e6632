import type { EscrowChoice, OrderDto, ShippingAddressDto } from '../../../modules/payments/order.dto';
import type { ShippingAddressInput } from '../../../modules/payments/payments.inputs';
import { ADDRESS_MESSAGES, ESCROW_CHOICE_MESSAGE } from '../../../modules/payments/payments.messages';

/** The checkout form's rules, pure so they are unit-tested: the shipping address, the escrow choice, Final Sale. */

export type { EscrowChoice };

export interface AddressForm {
  name: string;
  line1: string;
  line2: string;
  city: string;
  region: string;
  postalCode: string;
  country: string;
  phone: string;
}

export const EMPTY_ADDRESS: AddressForm = {
  name: '',
  line1: '',
  line2: '',
  city: '',
  region: '',
  postalCode: '',
  country: 'US',
  phone: '',
};


export interface CheckoutForm {
  address: AddressForm;
  /** Only asked from $5,000 (null until the buyer chooses). */
  escrowChoice: EscrowChoice | null;
  finalSaleAcknowledged: boolean;
}

export interface CheckoutNeeds {
  escrowChoice: boolean;
  finalSale: boolean;
}

const REQUIRED: Array<[keyof AddressForm & keyof typeof ADDRESS_MESSAGES, string]> = [
  ['name', ADDRESS_MESSAGES.name],
  ['line1', ADDRESS_MESSAGES.line1],
  ['city', ADDRESS_MESSAGES.city],
  ['postalCode', ADDRESS_MESSAGES.postalCode],
  ['country', ADDRESS_MESSAGES.country],
];

/** The form's errors by field (empty when it may be sent); the address fields are keyed by their own names. */
export function checkoutErrors(form: CheckoutForm, needs: CheckoutNeeds): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [field, message] of REQUIRED) {
    if (!form.address[field].trim()) errors[field] = message;
  }
  const country = form.address.country.trim();
  if (country && !/^[A-Za-z]{2}$/.test(country)) errors.country = ADDRESS_MESSAGES.countryCode;
  // US addresses need the state and a ZIP code; elsewhere the region is optional.
  const us = country.toUpperCase() === 'US';
  if (us && !form.address.region.trim()) errors.region = 'State is required';
  const zip = form.address.postalCode.trim();
  if (zip && us && !/^\d{5}(-\d{4})?$/.test(zip)) errors.postalCode = 'Enter a 5-digit ZIP code';
  if (needs.escrowChoice && !form.escrowChoice) errors.escrowChoice = ESCROW_CHOICE_MESSAGE;
  if (needs.finalSale && !form.finalSaleAcknowledged) errors.finalSaleAcknowledged = 'Please acknowledge that this item is a final sale';
  return errors;
}

/** The address as sent: trimmed, blank optional lines as null, the country code in capitals. */
export function addressPayload(address: AddressForm): Required<ShippingAddressInput> {
  const t = (v: string) => v.trim();
  return {
    name: t(address.name),
    line1: t(address.line1),
    line2: t(address.line2) || null,
    city: t(address.city),
    region: t(address.region) || null,
    postalCode: t(address.postalCode),
    country: t(address.country).toUpperCase(),
    phone: t(address.phone) || null,
  };
}

/** A saved address back in the form (the checkout page after "Change shipping details", or a second visit). */
export function addressForm(saved: ShippingAddressDto | null): AddressForm {
  if (!saved) return EMPTY_ADDRESS;
  return {
    name: saved.name,
    line1: saved.line1,
    line2: saved.line2 ?? '',
    city: saved.city,
    region: saved.region ?? '',
    postalCode: saved.postalCode,
    country: saved.country,
    phone: saved.phone ?? '',
  };
}

/**
 * The address to prefill checkout with (issue 34): the shipping address of the buyer's newest other order that has
 * one (`orders` newest first, as GET /api/orders lists them); null when there is none.
 */
export function lastShippingAddress(orders: readonly Pick<OrderDto, 'id' | 'shippingAddress'>[], currentOrderId: string): ShippingAddressDto | null {
  return orders.find((o) => o.id !== currentOrderId && o.shippingAddress)?.shippingAddress ?? null;
}
