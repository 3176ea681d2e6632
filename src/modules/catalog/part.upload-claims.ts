import { inject, injectable } from 'inversify';

import { photoIdArray, UPLOAD_ID_PATTERN, UploadClaims } from './upload.claims.js';
import { Database } from '../../platform/db/database.js';

/** Photos that a part (of any state: pending, rejected and inactive parts may come back) shows. */
@injectable()
export class PartUploadClaims extends UploadClaims {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  async claimed(ids: readonly string[]): Promise<string[]> {
    const rows = await this.db.em.execute<{ id: string }[]>(
      `select distinct substring(image->>'url' from ?) as id
       from parts, jsonb_array_elements(images) as image
       where substring(image->>'url' from ?) = any(?::text[])`,
      [UPLOAD_ID_PATTERN, UPLOAD_ID_PATTERN, photoIdArray(ids)],
    );
    return rows.map((r) => r.id);
  }
}
