import { inject, injectable } from 'inversify';

import { photoIdArray, UPLOAD_ID_PATTERN, UploadClaims } from '../catalog/index.js';
import { Database } from '../../platform/db/database.js';

/** Photos a return shows (kept for the whole life of the return: admins may need them for a dispute). */
@injectable()
export class ReturnUploadClaims extends UploadClaims {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  async claimed(ids: readonly string[]): Promise<string[]> {
    const rows = await this.db.em.execute<{ id: string }[]>(
      `select distinct id from (
         select substring(photo->>'url' from ?) as id from returns, jsonb_array_elements(photos) as photo
       ) as used
       where id = any(?::text[])`,
      [UPLOAD_ID_PATTERN, photoIdArray(ids)],
    );
    return rows.map((r) => r.id);
  }
}
