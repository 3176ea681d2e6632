import { inject, injectable } from 'inversify';

import { photoIdArray, UPLOAD_ID_PATTERN, UploadClaims } from '../catalog/index.js';
import { Database } from '../../platform/db/database.js';

/**
 * Uploaded photos that a quote or a wanted-part request shows, in any state (the buyer weighs quote photos
 * during the 7-day award window and after), so the catalog's cleanup of unclaimed uploads keeps them.
 */
@injectable()
export class ReverseUploadClaims extends UploadClaims {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  async claimed(ids: readonly string[]): Promise<string[]> {
    const rows = await this.db.em.execute<{ id: string }[]>(
      `select distinct id from (
         select substring(image->>'url' from ?) as id from reverse_auction_bids, jsonb_array_elements(images) as image
         union all
         select substring(image->>'url' from ?) as id from reverse_auctions, jsonb_array_elements(images) as image
       ) as used
       where id = any(?::text[])`,
      [UPLOAD_ID_PATTERN, UPLOAD_ID_PATTERN, photoIdArray(ids)],
    );
    return rows.map((r) => r.id);
  }
}
