import { describe, expect, it } from 'vitest';
import {
  EMPTY_REGISTER_SELLER_FORM,
  US_STATE_CODES,
  addSpecialty,
  removeSpecialty,
  toSellerPayload,
  validateRegisterSeller,
  type RegisterSellerForm,
} from './registerSeller.validation';

const valid: RegisterSellerForm = {
  ...EMPTY_REGISTER_SELLER_FORM,
  businessName: 'Shelby Spares',
  businessAddress: '12 Pit Lane',
  businessCity: 'Austin',
  businessState: 'TX',
  businessZip: '78701',
  contactPhone: '(512) 555-0199',
  privacyAccepted: true,
  termsAccepted: true,
};

describe('validateRegisterSeller', () => {
  it('accepts a complete form', () => {
    expect(validateRegisterSeller(valid)).toEqual({});
  });

  it('gives the spec message for every required field of an empty form', () => {
    expect(validateRegisterSeller(EMPTY_REGISTER_SELLER_FORM)).toEqual({
      businessName: 'Business name must be at least 2 characters',
      contactPhone: 'Phone number must be at least 10 digits',
      businessAddress: 'Address must be at least 5 characters',
      businessCity: 'City must be at least 2 characters',
      businessState: 'State must be at least 2 characters',
      businessZip: 'ZIP code must be at least 5 characters',
      privacyAccepted: 'You must accept the Privacy Policy to register as a seller',
      termsAccepted: 'You must accept the Terms of Service to register as a seller',
    });
  });

  it('judges lengths after trimming', () => {
    const errors = validateRegisterSeller({ ...valid, businessName: ' A ', businessZip: ' 1234 ', businessCity: '  ' });
    expect(errors).toEqual({
      businessName: 'Business name must be at least 2 characters',
      businessZip: 'ZIP code must be at least 5 characters',
      businessCity: 'City must be at least 2 characters',
    });
  });

  it('counts the digits of the phone number, not its punctuation', () => {
    expect(validateRegisterSeller({ ...valid, contactPhone: '(512) 555-01' }).contactPhone).toBe(
      'Phone number must be at least 10 digits',
    );
    expect(validateRegisterSeller({ ...valid, contactPhone: '5125550199' }).contactPhone).toBeUndefined();
  });

  it('accepts an empty or whole-number years in business and refuses anything else', () => {
    expect(validateRegisterSeller({ ...valid, yearsInBusiness: '' }).yearsInBusiness).toBeUndefined();
    expect(validateRegisterSeller({ ...valid, yearsInBusiness: '12' }).yearsInBusiness).toBeUndefined();
    for (const typed of ['2.5', '-1', 'ten', '201']) {
      expect(validateRegisterSeller({ ...valid, yearsInBusiness: typed }).yearsInBusiness).toBe(
        'Years in business must be a whole number',
      );
    }
  });

  it('accepts a website with or without its scheme and refuses other text', () => {
    expect(validateRegisterSeller({ ...valid, website: 'shelby.example' }).website).toBeUndefined();
    expect(validateRegisterSeller({ ...valid, website: 'http://shelby.example/parts' }).website).toBeUndefined();
    for (const typed of ['not a site', 'ftp://shelby.example', 'localhost']) {
      expect(validateRegisterSeller({ ...valid, website: typed }).website).toBe('Please enter a valid website address');
    }
  });
});

describe('toSellerPayload', () => {
  it('trims the fields, sends years as an integer and leaves out the acceptance flags', () => {
    const payload = toSellerPayload({
      ...valid,
      businessName: '  Shelby Spares ',
      website: ' https://shelby.example ',
      yearsInBusiness: ' 7 ',
      specialties: ['Ford', 'Carburetors'],
    });
    expect(payload).toEqual({
      businessName: 'Shelby Spares',
      businessType: 'individual',
      businessAddress: '12 Pit Lane',
      businessCity: 'Austin',
      businessState: 'TX',
      businessZip: '78701',
      businessCountry: 'USA',
      contactPhone: '(512) 555-0199',
      website: 'https://shelby.example',
      yearsInBusiness: 7,
      specialties: ['Ford', 'Carburetors'],
    });
    expect(payload).not.toHaveProperty('privacyAccepted');
    expect(payload).not.toHaveProperty('userId');
  });

  it('leaves out blank optional fields and falls back to USA for a blank country', () => {
    const payload = toSellerPayload({ ...valid, businessCountry: ' ', taxId: ' ', description: '' });
    expect(payload.businessCountry).toBe('USA');
    expect(payload).not.toHaveProperty('taxId');
    expect(payload).not.toHaveProperty('description');
    expect(payload).not.toHaveProperty('yearsInBusiness');
  });
});

describe('specialties', () => {
  it('adds a trimmed specialty', () => {
    expect(addSpecialty(['Ford'], '  Chevrolet ')).toEqual(['Ford', 'Chevrolet']);
  });

  it('ignores blanks and duplicates, whatever their case', () => {
    expect(addSpecialty(['Ford'], '   ')).toEqual(['Ford']);
    expect(addSpecialty(['Ford'], 'ford')).toEqual(['Ford']);
  });

  it('removes the clicked specialty only', () => {
    expect(removeSpecialty(['Ford', 'Chevrolet', 'Mopar'], 'Chevrolet')).toEqual(['Ford', 'Mopar']);
  });
});

describe('US_STATE_CODES', () => {
  it('holds the 50 two-letter state codes once each', () => {
    expect(US_STATE_CODES).toHaveLength(50);
    expect(new Set(US_STATE_CODES).size).toBe(50);
    expect(US_STATE_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
  });
});
