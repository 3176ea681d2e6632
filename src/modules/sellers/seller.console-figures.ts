import { inject, injectable } from 'inversify';

import { ConsoleFigures } from '../../platform/console-figures.js';
import { Seller } from './seller.entity.js';
import { Database } from '../../platform/db/database.js';

/** The sellers' figures on the console dashboard: applications waiting for a decision, approved sellers. */
@injectable()
export class SellerConsoleFigures extends ConsoleFigures {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  async figures() {
    const em = this.db.em;
    return {
      sellersWaiting: await em.count(Seller, { status: 'pending' }),
      approvedSellers: await em.count(Seller, { status: 'approved' }),
    };
  }
}
