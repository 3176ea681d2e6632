export { catalogModule } from './catalog.module.js';
export { CatalogApi } from './catalog.api.js';
export type { SellerPartStats } from './catalog.api.js';
export { SellerPolicy } from './seller-policy.js';
export type { ListingTerms } from './seller-policy.js';
export { CATALOG_EVENTS } from './catalog.events.js';
export { UploadClaims, UPLOAD_ID_PATTERN, photoIdArray } from './upload.claims.js';
export type { PartDto } from './part.dto.js';
