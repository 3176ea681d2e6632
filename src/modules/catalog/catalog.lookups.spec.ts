import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../platform/clock.js';
import type { Database } from '../../platform/db/database.js';
import type { AccountsApi } from '../accounts/index.js';
import { CatalogLookups, SELLER_NAME_TTL_MS } from './catalog.lookups.js';
import { SellerNames } from './seller-names.port.js';

const USERS: Record<string, string> = { u1: 'nina_names', u2: 'otto_nofront', u3: 'private_pete' };
const SHOPS: Record<string, string> = { u1: 'Nina Speed Shop', u2: 'Otto Restorations' };

function setup() {
  const asked = { users: [] as string[][], shops: [] as string[][] };
  const accounts = {
    findUsers: async (ids: readonly string[]) => {
      asked.users.push([...ids]);
      return ids.filter((id) => USERS[id]).map((id) => ({ id, username: USERS[id] }));
    },
  } as unknown as AccountsApi;
  class Shops extends SellerNames {
    async shopNames(ids: readonly string[]) {
      asked.shops.push([...ids]);
      return new Map(ids.filter((id) => SHOPS[id]).map((id) => [id, SHOPS[id]!]));
    }
  }
  const clock = new ManualClock();
  return { asked, clock, lookups: new CatalogLookups({} as Database, clock, accounts, new Shops()) };
}

describe('CatalogLookups.sellerNames', () => {
  it('names a seller by their shop, else by username, and leaves unknown users out', async () => {
    const { lookups } = setup();
    const names = await lookups.sellerNames(['u1', 'u2', 'u3', 'gone']);
    expect(Object.fromEntries(names)).toEqual({ u1: 'Nina Speed Shop', u2: 'Otto Restorations', u3: 'private_pete' });
  });

  it('asks users and shops together once, then answers from memory until the names expire', async () => {
    const { asked, clock, lookups } = setup();
    await lookups.sellerNames(['u1', 'u3', 'u1']);
    await lookups.sellerNames(['u3', 'u1']);
    expect(asked).toEqual({ users: [['u1', 'u3']], shops: [['u1', 'u3']] });
    clock.advance(SELLER_NAME_TTL_MS);
    await lookups.sellerNames(['u1']);
    expect(asked.shops).toEqual([['u1', 'u3'], ['u1']]);
  });

  it('asks again for users it did not find', async () => {
    const { asked, lookups } = setup();
    await lookups.sellerNames(['gone']);
    await lookups.sellerNames(['gone']);
    expect(asked.users).toEqual([['gone'], ['gone']]);
  });
});
