import { inject, injectable } from 'inversify';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ConsoleFigures, type FigureWindow } from '../../platform/console-figures.js';
import { TOKENS } from '../../platform/tokens.js';
import { Part } from './part.entity.js';

/** The catalog's figures on the console dashboard: live listings, listings waiting for review, new listings. */
@injectable()
export class PartConsoleFigures extends ConsoleFigures {
  constructor(@inject(TOKENS.Orm) private readonly orm: MikroORM) {
    super();
  }

  async figures(window: FigureWindow) {
    const em = this.orm.em.fork() as EntityManager;
    return {
      liveListings: await em.count(Part, { isActive: true, isApproved: true }),
      listingsWaiting: await em.count(Part, { isActive: true, isApproved: false, rejectionReason: null }),
      newListingsThisWeek: await em.count(Part, { createdAt: { $gte: window.weekStart } }),
    };
  }
}
