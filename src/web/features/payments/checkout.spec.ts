import { describe, expect, it } from 'vitest';
import { addressForm, addressPayload, checkoutErrors, EMPTY_ADDRESS, lastShippingAddress, type CheckoutForm } from './checkout';

const address = {
  name: ' Carroll Shelby ',
  line1: '1 Speedway Blvd',
  line2: ' ',
  city: 'Las Vegas',
  region: 'NV',
  postalCode: '89115',
  country: 'us',
  phone: '',
};
const form = (over: Partial<CheckoutForm> = {}): CheckoutForm => ({ address, escrowChoice: null, finalSaleAcknowledged: false, ...over });
const nothingNeeded = { escrowChoice: false, finalSale: false };

describe('checkoutErrors', () => {
  it('accepts a complete address when nothing else is needed', () => {
    expect(checkoutErrors(form(), nothingNeeded)).toEqual({});
  });

  it('names every missing address field', () => {
    const errors = checkoutErrors({ ...form(), address: { ...EMPTY_ADDRESS, country: '' } }, nothingNeeded);
    expect(errors).toMatchObject({
      name: 'Full name is required',
      line1: 'Street address is required',
      city: 'City is required',
      postalCode: 'Postal code is required',
      country: 'Country is required',
    });
    expect(checkoutErrors({ ...form(), address: { ...EMPTY_ADDRESS } }, nothingNeeded).region).toBe('State is required');
    expect(errors.line2).toBeUndefined();
    expect(errors.phone).toBeUndefined();
  });

  it('wants a 5-digit ZIP code for a US address only', () => {
    expect(checkoutErrors(form({ address: { ...address, postalCode: '8911' } }), nothingNeeded).postalCode).toBe('Enter a 5-digit ZIP code');
    expect(checkoutErrors(form({ address: { ...address, postalCode: '89115-1234' } }), nothingNeeded)).toEqual({});
    expect(checkoutErrors(form({ address: { ...address, country: 'GB', region: '', postalCode: 'SW1A 1AA' } }), nothingNeeded)).toEqual({});
    expect(checkoutErrors(form({ address: { ...address, country: 'USA' } }), nothingNeeded).country).toBe('Country must be a two-letter code');
  });

  it('asks for the escrow choice from $5,000 and the Final Sale acknowledgement when required', () => {
    const needs = { escrowChoice: true, finalSale: true };
    expect(checkoutErrors(form(), needs)).toEqual({
      escrowChoice: 'Choose escrow or sign the waiver',
      finalSaleAcknowledged: 'Please acknowledge that this item is a final sale',
    });
    expect(checkoutErrors(form({ escrowChoice: 'waiver', finalSaleAcknowledged: true }), needs)).toEqual({});
  });
});

describe('addressPayload', () => {
  it('trims, sends blank optional lines as null and capitalises the country', () => {
    expect(addressPayload(address)).toEqual({
      name: 'Carroll Shelby',
      line1: '1 Speedway Blvd',
      line2: null,
      city: 'Las Vegas',
      region: 'NV',
      postalCode: '89115',
      country: 'US',
      phone: null,
    });
  });

  it('round-trips through the saved address', () => {
    expect(addressForm(addressPayload(address))).toEqual({ ...address, name: 'Carroll Shelby', line2: '', country: 'US' });
    expect(addressForm(null)).toEqual(EMPTY_ADDRESS);
  });
});

describe('lastShippingAddress', () => {
  const home = { ...addressPayload(address), name: 'Carroll Shelby' };
  const shop = { ...home, line1: '9 Pit Row' };
  it("takes the newest other order's address", () => {
    const orders = [
      { id: 'now', shippingAddress: null },
      { id: 'before', shippingAddress: shop },
      { id: 'older', shippingAddress: home },
    ];
    expect(lastShippingAddress(orders, 'now')).toEqual(shop);
    expect(lastShippingAddress([{ id: 'x', shippingAddress: null }, { id: 'y', shippingAddress: home }], 'now')).toEqual(home);
  });
  it('is null without an earlier address', () => {
    expect(lastShippingAddress([], 'now')).toBeNull();
    expect(lastShippingAddress([{ id: 'now', shippingAddress: home }], 'now')).toBeNull();
  });
});
