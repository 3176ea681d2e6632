import { describe, expect, it } from 'vitest';
import { EMPTY_REGISTER_BUYER_FORM, toRegisterPayload, validateRegisterBuyer, type RegisterBuyerForm } from './registerBuyer.validation';

const valid: RegisterBuyerForm = {
  ...EMPTY_REGISTER_BUYER_FORM,
  username: 'gearhead67',
  email: 'ada@example.com',
  password: 'correct horse',
  confirmPassword: 'correct horse',
  firstName: 'Ada',
  lastName: 'Lovelace',
  privacyAccepted: true,
  termsAccepted: true,
};

describe('validateRegisterBuyer', () => {
  it('accepts a complete form', () => {
    expect(validateRegisterBuyer(valid)).toEqual({});
  });

  it('gives the spec message for every missing field of an empty form', () => {
    expect(validateRegisterBuyer({ ...EMPTY_REGISTER_BUYER_FORM, country: '' })).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
      firstName: 'First name is required',
      lastName: 'Last name is required',
      country: 'Country is required',
      privacyAccepted: 'You must accept the Privacy Policy to register',
      termsAccepted: 'You must accept the Terms of Service to register',
    });
  });

  it('rejects a password confirmation that differs', () => {
    expect(validateRegisterBuyer({ ...valid, confirmPassword: 'correct horse!' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });

  it('rejects short usernames and passwords and malformed emails', () => {
    const errors = validateRegisterBuyer({ ...valid, username: ' ab ', email: 'ada@example', password: 'short', confirmPassword: 'short' });
    expect(errors).toEqual({
      username: 'Username must be at least 3 characters',
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
    });
  });

  it('defaults the country to USA', () => {
    expect(EMPTY_REGISTER_BUYER_FORM.country).toBe('USA');
    expect(EMPTY_REGISTER_BUYER_FORM.marketingEmails).toBe(false);
  });
});

describe('toRegisterPayload', () => {
  it('sends neither the confirmation nor the acceptance flags', () => {
    const payload = toRegisterPayload(valid);
    expect(payload).not.toHaveProperty('confirmPassword');
    expect(payload).not.toHaveProperty('privacyAccepted');
    expect(payload).not.toHaveProperty('termsAccepted');
  });

  it('trims text, keeps the password as typed and leaves out blank optional fields', () => {
    expect(toRegisterPayload({ ...valid, username: ' gearhead67 ', password: ' pass word ', confirmPassword: ' pass word ', phone: '  ' })).toEqual({
      username: 'gearhead67',
      email: 'ada@example.com',
      password: ' pass word ',
      firstName: 'Ada',
      lastName: 'Lovelace',
      country: 'USA',
      marketingEmails: false,
    });
  });

  it('includes phone and location when given', () => {
    expect(toRegisterPayload({ ...valid, phone: '555 0100', location: 'Austin, TX' })).toMatchObject({
      phone: '555 0100',
      location: 'Austin, TX',
    });
  });
});
