import { inject, injectable } from 'inversify';

import { photoIdArray, UPLOAD_ID_PATTERN, UploadClaims } from '../catalog/index.js';
import { Database } from '../../platform/db/database.js';

/** Uploaded photos that a storefront shows as its logo or banner (the catalog's cleanup keeps them). */
@injectable()
export class StorefrontUploadClaims extends UploadClaims {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  async claimed(ids: readonly string[]): Promise<string[]> {
    const rows = await this.db.em.execute<{ id: string }[]>(
      `select distinct substring(url from ?) as id
       from storefronts, unnest(array[logo, banner_image]) as url
       where substring(url from ?) = any(?::text[])`,
      [UPLOAD_ID_PATTERN, UPLOAD_ID_PATTERN, photoIdArray(ids)],
    );
    return rows.map((r) => r.id);
  }
}
