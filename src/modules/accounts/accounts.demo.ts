import { randomBytes } from 'node:crypto';
import { PasswordHasher } from './password.hasher.js';
import type { Container } from 'inversify';
import { DEMO_KINDS, HOUSE_ACCOUNT, type DemoContribution } from '../../platform/demo/demo.js';

const DEMO_USER_KIND = DEMO_KINDS.user;
/** Demo addresses end here: a reserved domain, so no demo mail can reach anyone. */
export const DEMO_EMAIL_DOMAIN = 'demo.pitlane.invalid';

interface UserRow {
  key: string;
  id: string | null;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'buyer' | 'seller';
  location: string;
}

/**
 * The accounts part of the demo: the house account (its fixed id, see HOUSE_ACCOUNT), the demo sellers and buyers,
 * verified, with one unguessable password nobody knows (demo accounts are shown, not signed in to). A username a
 * real user already holds is left to that user and its demo persona skipped.
 */
export function accountsDemo(container: Container): DemoContribution {
  return {
    async seed({ tx, records, world, progress }) {
      const known = await records.ids(DEMO_USER_KIND);
      const wanted: UserRow[] = [
        ...world.sellers.map((s) => ({ ...s, role: 'seller' as const, location: `${s.city}, ${s.state}` })),
        ...world.buyers.map((b) => ({ ...b, role: 'buyer' as const, location: `${b.city}, ${b.state}` })),
      ].map((p) => ({
        key: `user:${p.username}`,
        id: p.username === HOUSE_ACCOUNT.username ? HOUSE_ACCOUNT.id : null,
        username: p.username,
        email: `${p.username}@${DEMO_EMAIL_DOMAIN}`,
        firstName: p.firstName,
        lastName: p.lastName,
        role: p.role,
        location: p.location,
      }));
      const missing = wanted.filter((w) => !known.has(w.key));
      progress(0, wanted.length, 'users');
      let added = 0;
      if (missing.length) {
        const password = await container.get(PasswordHasher).hash(randomBytes(32).toString('base64url'));
        const rows = await tx.execute<{ id: string; username: string }[]>(
          `insert into users (id, username, email, password, first_name, last_name, location, is_verified, role,
                              verification_level, created_at, updated_at)
           select coalesce(r.id, gen_random_uuid()), r.username, r.email, ?, r."firstName", r."lastName", r.location, true,
                  r.role, 'email', now() - make_interval(days => 30 + r.n * 11), now()
             from jsonb_to_recordset(?::jsonb) as r(id uuid, username text, email text, "firstName" text, "lastName" text,
                  location text, role text, n int)
           on conflict do nothing
           returning id, username`,
          [password, JSON.stringify(missing.map((m, n) => ({ ...m, n })))],
        );
        await records.mark(DEMO_USER_KIND, rows.map((r) => ({ key: `user:${r.username}`, id: r.id })));
        added = rows.length;
      }
      for (const [key, id] of await records.ids(DEMO_USER_KIND)) world.users.set(key.slice('user:'.length), id);
      progress(wanted.length, wanted.length, 'users');
      const skipped = wanted.length - world.users.size;
      return [`users: ${added} added${skipped ? `, ${skipped} skipped (username taken by a real user)` : ''}`];
    },

    async clear({ tx, records, progress }) {
      const ids = [...(await records.ids(DEMO_USER_KIND)).values()];
      progress(0, ids.length, 'users');
      // Their sessions go with them; tokens and policy acceptances cascade.
      await tx.execute(`delete from sessions where sess ->> 'userId' = any(?::text[])`, [ids]);
      const deleted = await tx.execute<{ id: string }[]>('delete from users where id = any(?::uuid[]) returning id', [ids]);
      await records.forget(DEMO_USER_KIND);
      progress(ids.length, ids.length, 'users');
      return [`users: ${deleted.length} removed`];
    },
  };
}
