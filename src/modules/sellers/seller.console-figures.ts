import { inject, injectable } from 'inversify';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ConsoleFigures } from '../../platform/console-figures.js';
import { TOKENS } from '../../platform/tokens.js';
import { Seller } from './seller.entity.js';

/** The sellers' figures on the console dashboard: applications waiting for a decision, approved sellers. */
@injectable()
export class SellerConsoleFigures extends ConsoleFigures {
  constructor(@inject(TOKENS.Orm) private readonly orm: MikroORM) {
    super();
  }

  async figures() {
    const em = this.orm.em.fork() as EntityManager;
    return {
      sellersWaiting: await em.count(Seller, { status: 'pending' }),
      approvedSellers: await em.count(Seller, { status: 'approved' }),
    };
  }
}
