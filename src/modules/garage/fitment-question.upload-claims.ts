import { inject, injectable } from 'inversify';
import { Database } from '../../platform/db/database.js';
import { photoIdArray, UPLOAD_ID_PATTERN, UploadClaims } from '../catalog/index.js';
import { claimedQuestionPhotoIds } from './fitment-question.repository.js';

/** Photos of fitment questions (a casting number, a VIN plate): kept while the question is, as a return's evidence. */
@injectable()
export class FitmentQuestionUploadClaims extends UploadClaims {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  claimed(ids: readonly string[]): Promise<string[]> {
    return claimedQuestionPhotoIds(this.db.em, UPLOAD_ID_PATTERN, photoIdArray(ids));
  }
}
