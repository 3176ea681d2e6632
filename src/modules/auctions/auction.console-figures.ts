import { inject, injectable } from 'inversify';
import { ConsoleFigures, type FigureWindow } from '../../platform/console-figures.js';
import { Database } from '../../platform/db/database.js';
import { dashboardFigures } from './auction.repository.js';

/** The auctions' figures on the console dashboard: active and scheduled auctions, bids today and this week. */
@injectable()
export class AuctionConsoleFigures extends ConsoleFigures {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  figures(window: FigureWindow) {
    return dashboardFigures(this.db.em, window.dayStart, window.weekStart);
  }
}
