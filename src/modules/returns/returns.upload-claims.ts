import { inject, injectable } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import { TOKENS } from '../../platform/tokens.js';
import { photoIdArray, UPLOAD_ID_PATTERN, UploadClaims } from '../catalog/index.js';

/** Photos a return shows (kept for the whole life of the return: admins may need them for a dispute). */
@injectable()
export class ReturnUploadClaims extends UploadClaims {
  constructor(@inject(TOKENS.Orm) private readonly orm: MikroORM) {
    super();
  }

  async claimed(ids: readonly string[]): Promise<string[]> {
    const rows = await this.orm.em.fork().execute<{ id: string }[]>(
      `select distinct id from (
         select substring(photo->>'url' from ?) as id from returns, jsonb_array_elements(photos) as photo
       ) as used
       where id = any(?::text[])`,
      [UPLOAD_ID_PATTERN, photoIdArray(ids)],
    );
    return rows.map((r) => r.id);
  }
}
