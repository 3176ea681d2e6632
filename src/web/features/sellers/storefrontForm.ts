import type { StorefrontDto } from '../../../modules/sellers/seller.dto';
import { STOREFRONT_MESSAGES } from '../../../modules/sellers/seller.messages';
import type { StorefrontUpdateInput } from '../../../modules/sellers/sellers.inputs';
import type { FieldErrors } from '../../lib/form';

export interface StorefrontForm {
  displayName: string;
  logo: string;
  bannerImage: string;
  description: string;
  policies: string;
}


export type StorefrontFormErrors = FieldErrors<StorefrontForm>;

export { STOREFRONT_MESSAGES };

/** The form as first shown: the storefront's current values, blanks for none. */
export function storefrontFormOf(storefront: Pick<StorefrontDto, keyof StorefrontForm>): StorefrontForm {
  return {
    displayName: storefront.displayName ?? '',
    logo: storefront.logo ?? '',
    bannerImage: storefront.bannerImage ?? '',
    description: storefront.description ?? '',
    policies: storefront.policies ?? '',
  };
}

/** Mirrors the server: the display name needs 2 characters after trimming. */
export function validateStorefrontForm(form: StorefrontForm): StorefrontFormErrors {
  const errors: StorefrontFormErrors = {};
  if (form.displayName.trim().length < 2) errors.displayName = STOREFRONT_MESSAGES.displayName;
  return errors;
}

/** What PATCH /api/storefronts/{id} receives: trimmed, blanks as null (clearing the field). */
export function toStorefrontUpdate(form: StorefrontForm): StorefrontUpdateInput {
  const orNull = (value: string) => value.trim() || null;
  return {
    displayName: form.displayName.trim(),
    logo: orNull(form.logo),
    bannerImage: orNull(form.bannerImage),
    description: orNull(form.description),
    policies: orNull(form.policies),
  };
}

/** Image uploads accepted for a logo or banner (the server's photo rules: JPEG or PNG, up to 5 MB). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export function imageProblem(file: { type: string; size: number }): string | null {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return 'Please choose a JPEG or PNG image';
  if (file.size > MAX_IMAGE_BYTES) return 'Images must be 5 MB or smaller';
  return null;
}
