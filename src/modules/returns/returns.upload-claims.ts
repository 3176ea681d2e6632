import { inject, injectable } from 'inversify';

import { photoIdArray, UPLOAD_ID_PATTERN, UploadClaims } from '../catalog/index.js';
import { Database } from '../../platform/db/database.js';
import { claimedPhotoIds } from './return.repository.js';

/** Photos a return shows (kept for the whole life of the return: admins may need them for a dispute). */
@injectable()
export class ReturnUploadClaims extends UploadClaims {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  claimed(ids: readonly string[]): Promise<string[]> {
    return claimedPhotoIds(this.db.em, UPLOAD_ID_PATTERN, photoIdArray(ids));
  }
}
