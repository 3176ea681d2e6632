import { inject, injectable } from 'inversify';

import { photoIdArray, UPLOAD_ID_PATTERN, UploadClaims } from '../catalog/index.js';
import { Database } from '../../platform/db/database.js';
import { claimedPhotoIds } from './reverse.repository.js';

/**
 * Uploaded photos that a quote or a wanted-part request shows, in any state (the buyer weighs quote photos
 * during the 7-day award window and after), so the catalog's cleanup of unclaimed uploads keeps them.
 */
@injectable()
export class ReverseUploadClaims extends UploadClaims {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  claimed(ids: readonly string[]): Promise<string[]> {
    return claimedPhotoIds(this.db.em, UPLOAD_ID_PATTERN, photoIdArray(ids));
  }
}
