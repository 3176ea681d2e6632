import { inject, injectable } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import { TOKENS } from '../../platform/tokens.js';
import { photoIdArray, UPLOAD_ID_PATTERN, UploadClaims } from '../catalog/index.js';

/** Uploaded photos that a storefront shows as its logo or banner (the catalog's cleanup keeps them). */
@injectable()
export class StorefrontUploadClaims extends UploadClaims {
  constructor(@inject(TOKENS.Orm) private readonly orm: MikroORM) {
    super();
  }

  async claimed(ids: readonly string[]): Promise<string[]> {
    const rows = await this.orm.em.fork().execute<{ id: string }[]>(
      `select distinct substring(url from ?) as id
       from storefronts, unnest(array[logo, banner_image]) as url
       where substring(url from ?) = any(?::text[])`,
      [UPLOAD_ID_PATTERN, UPLOAD_ID_PATTERN, photoIdArray(ids)],
    );
    return rows.map((r) => r.id);
  }
}
