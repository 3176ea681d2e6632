import { REGISTER_MESSAGES as M } from '../../../modules/accounts/account.messages';
import type { RegisterBuyerInput } from '../../../modules/accounts/accounts.inputs';
import type { FieldErrors } from '../../lib/form';

/** The buyer registration form as typed (spec 001 §5 "Buyer registration"). */
export interface RegisterBuyerForm {
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  firstName: string;
  lastName: string;
  phone: string;
  location: string;
  country: string;
  marketingEmails: boolean;
  privacyAccepted: boolean;
  termsAccepted: boolean;
}

export type RegisterBuyerField = keyof RegisterBuyerForm;
export type RegisterBuyerErrors = FieldErrors<RegisterBuyerForm>;

export const EMPTY_REGISTER_BUYER_FORM: RegisterBuyerForm = {
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  firstName: '',
  lastName: '',
  phone: '',
  location: '',
  country: 'USA',
  marketingEmails: false,
  privacyAccepted: false,
  termsAccepted: false,
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The spec's messages for each invalid field; empty when the form may be sent. */
export function validateRegisterBuyer(form: RegisterBuyerForm): RegisterBuyerErrors {
  const errors: RegisterBuyerErrors = {};
  if (form.username.trim().length < 3) errors.username = M.username;
  if (!EMAIL.test(form.email.trim())) errors.email = M.email;
  if (form.password.length < 8) errors.password = M.password;
  if (form.confirmPassword !== form.password) errors.confirmPassword = M.confirmPassword;
  if (!form.firstName.trim()) errors.firstName = M.firstName;
  if (!form.lastName.trim()) errors.lastName = M.lastName;
  if (!form.country.trim()) errors.country = M.country;
  if (!form.privacyAccepted) errors.privacyAccepted = 'You must accept the Privacy Policy to register';
  if (!form.termsAccepted) errors.termsAccepted = 'You must accept the Terms of Service to register';
  return errors;
}

/** What POST /api/users receives: trimmed, no confirmPassword or acceptance flags, optional fields left out when blank. */
export function toRegisterPayload(form: RegisterBuyerForm): RegisterBuyerInput {
  const phone = form.phone.trim();
  const location = form.location.trim();
  return {
    username: form.username.trim(),
    email: form.email.trim(),
    password: form.password,
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    ...(phone ? { phone } : {}),
    ...(location ? { location } : {}),
    country: form.country.trim(),
    marketingEmails: form.marketingEmails,
  };
}
