import { inject, injectable } from 'inversify';

import { ConsoleFigures, type FigureWindow } from '../../platform/console-figures.js';
import { User } from './user.entity.js';
import { Database } from '../../platform/db/database.js';

/** The accounts' figures on the console dashboard: new users today and this week, and all users. */
@injectable()
export class AccountConsoleFigures extends ConsoleFigures {
  constructor(@inject(Database) private readonly db: Database) {
    super();
  }

  async figures(window: FigureWindow) {
    const em = this.db.em;
    return {
      newUsersToday: await em.count(User, { createdAt: { $gte: window.dayStart } }),
      newUsersThisWeek: await em.count(User, { createdAt: { $gte: window.weekStart } }),
      totalUsers: await em.count(User, {}),
    };
  }
}
