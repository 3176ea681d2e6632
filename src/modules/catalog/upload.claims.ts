/**
 * Which uploaded photos a module's records still use, so that the cleanup keeps them. Every module that stores
 * upload URLs binds one (multi-binding): catalog for its parts, sellers for storefront logos and banners.
 */
export abstract class UploadClaims {
  /** Of these photo ids (the 32 hex characters that name an upload and its thumbnail), the ones still in use. */
  abstract claimed(ids: readonly string[]): Promise<string[]>;
}

/** A PostgreSQL regular expression whose first group is the photo id of an upload URL (web copy or thumbnail). */
export const UPLOAD_ID_PATTERN = '^/api/uploads/files/([0-9a-f]{32})(?:-thumb)?\\.(?:jpg|png)$';

/** A `text[]` literal of the photo ids (32 hex characters each; anything else is left out). */
export const photoIdArray = (ids: readonly string[]): string => `{${ids.filter((id) => /^[0-9a-f]{32}$/.test(id)).join(',')}}`;
