import { inject, injectable } from 'inversify';

import { Errors } from '../../platform/errors.js';
import { uuidArray } from '../../platform/db/uuid.js';
import type { PreferencesDto, PreferencesPatch } from './preferences.schemas.js';
import { Database } from '../../platform/db/database.js';

/** A user's own preferences (issue 19): whether they get mail about unread messages. */
@injectable()
export class PreferencesService {
  constructor(@inject(Database) private readonly db: Database) {}

  private get em() {
    return this.db.em;
  }

  /** The user's preferences; a 404 for an unknown user. */
  async get(userId: string): Promise<PreferencesDto> {
    const [row] = await this.em.execute<{ message_emails: boolean }[]>('select message_emails from users where id = ?', [userId]);
    if (!row) throw Errors.notFound('User');
    return { messageEmails: row.message_emails };
  }

  /** Changes the fields given and answers the preferences as stored. */
  async update(userId: string, patch: PreferencesPatch): Promise<PreferencesDto> {
    const [row] = await this.em.execute<{ message_emails: boolean }[]>(
      'update users set message_emails = coalesce(?::boolean, message_emails) where id = ? returning message_emails',
      [patch.messageEmails ?? null, userId],
    );
    if (!row) throw Errors.notFound('User');
    return { messageEmails: row.message_emails };
  }

  /** Of `userIds`, those who turned mail about unread messages off (unknown ids are left out). */
  async messageEmailsOff(userIds: readonly string[]): Promise<Set<string>> {
    if (!userIds.length) return new Set();
    const rows = await this.em.execute<{ id: string }[]>('select id from users where id = any(?::uuid[]) and not message_emails', [
      uuidArray(userIds),
    ]);
    return new Set(rows.map((r) => r.id));
  }
}
