import { inject, injectable } from 'inversify';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { ConsoleFigures, type FigureWindow } from '../../platform/console-figures.js';
import { TOKENS } from '../../platform/tokens.js';
import { User } from './user.entity.js';

/** The accounts' figures on the console dashboard: new users today and this week, and all users. */
@injectable()
export class AccountConsoleFigures extends ConsoleFigures {
  constructor(@inject(TOKENS.Orm) private readonly orm: MikroORM) {
    super();
  }

  async figures(window: FigureWindow) {
    const em = this.orm.em.fork() as EntityManager;
    return {
      newUsersToday: await em.count(User, { createdAt: { $gte: window.dayStart } }),
      newUsersThisWeek: await em.count(User, { createdAt: { $gte: window.weekStart } }),
      totalUsers: await em.count(User, {}),
    };
  }
}
