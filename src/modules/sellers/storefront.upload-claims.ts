import { inject, injectable } from 'inversify';

import { photoIdArray, UPLOAD_ID_PATTERN, UploadClaims } from '../catalog/index.js';
import { Database } from '../../platform/db/database.js';
import { claimedStorefrontPhotos } from './seller.repository.js';

/** Uploaded photos that a storefront shows as its logo or banner (the catalog's cleanup keeps them). */
@injectable()
export class StorefrontUploadClaims extends UploadClaims {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  async claimed(ids: readonly string[]): Promise<string[]> {
    return claimedStorefrontPhotos(this.db.em, UPLOAD_ID_PATTERN, photoIdArray(ids));
  }
}
