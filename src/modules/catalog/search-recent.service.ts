import { inject, injectable } from 'inversify';
import { Database } from '../../platform/db/database.js';
import { RECENT_PARTS, trimRecent } from './search-recent.sql.js';

/** Keeps the newest public parts' search table (search-recent.sql.ts) to its size. */
@injectable()
export class SearchRecentService {
  constructor(@inject(Database) private readonly db: Database) {}

  /** Trims the table to the newest `keep` public parts; returns how many rows went. Safe to run twice or side by side. */
  trim(keep = RECENT_PARTS): Promise<number> {
    return this.db.em.transactional((em) => trimRecent(em, keep));
  }
}
