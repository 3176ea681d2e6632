import { inject, injectable } from 'inversify';

import { ConsoleFigures, type FigureWindow } from '../../platform/console-figures.js';
import { Part } from './part.entity.js';
import { Database } from '../../platform/db/database.js';

/** The catalog's figures on the console dashboard: live listings, listings waiting for review, new listings. */
@injectable()
export class PartConsoleFigures extends ConsoleFigures {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  async figures(window: FigureWindow) {
    const em = this.db.em;
    return {
      liveListings: await em.count(Part, { isActive: true, isApproved: true }),
      listingsWaiting: await em.count(Part, { isActive: true, isApproved: false, rejectionReason: null }),
      newListingsThisWeek: await em.count(Part, { createdAt: { $gte: window.weekStart } }),
    };
  }
}
