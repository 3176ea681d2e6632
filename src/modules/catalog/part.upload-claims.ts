import { inject, injectable } from 'inversify';

import { photoIdArray, UPLOAD_ID_PATTERN, UploadClaims } from './upload.claims.js';
import { Database } from '../../platform/db/database.js';
import { photoIdsShown } from './part.repository.js';

/** Photos that a part (of any state: pending, rejected and inactive parts may come back) shows. */
@injectable()
export class PartUploadClaims extends UploadClaims {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  async claimed(ids: readonly string[]): Promise<string[]> {
    return photoIdsShown(this.db.em, UPLOAD_ID_PATTERN, photoIdArray(ids));
  }
}
