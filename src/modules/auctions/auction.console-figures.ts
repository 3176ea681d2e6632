import { inject, injectable } from 'inversify';

import { ConsoleFigures, type FigureWindow } from '../../platform/console-figures.js';
import { Database } from '../../platform/db/database.js';

/** The auctions' figures on the console dashboard: active and scheduled auctions, bids today and this week. */
@injectable()
export class AuctionConsoleFigures extends ConsoleFigures {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  async figures(window: FigureWindow) {
    const em = this.db.em;
    const [auctions] = await em.execute<{ active: number; scheduled: number }[]>(
      `select (count(*) filter (where status = 'active'))::int as active, (count(*) filter (where status = 'scheduled'))::int as scheduled
       from auctions where status in ('active', 'scheduled')`,
    );
    const [bids] = await em.execute<{ today: number; week: number }[]>(
      `select (count(*) filter (where created_at >= ?))::int as today, count(*)::int as week from bids where created_at >= ?`,
      [window.dayStart.toISOString(), window.weekStart.toISOString()],
    );
    return {
      activeAuctions: auctions!.active,
      scheduledAuctions: auctions!.scheduled,
      bidsToday: bids!.today,
      bidsThisWeek: bids!.week,
    };
  }
}
