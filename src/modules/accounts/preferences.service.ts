import { inject, injectable } from 'inversify';

import { Errors } from '../../platform/errors.js';
import { isUuid } from '../../platform/db/uuid.js';
import type { PreferencesDto, PreferencesPatch } from './preferences.schemas.js';
import { Database } from '../../platform/db/database.js';
import { User } from './user.entity.js';

/** A user's own preferences (issue 19): whether they get mail about unread messages. */
@injectable()
export class PreferencesService {
  constructor(@inject(Database) private readonly db: Database) {}

  private get em() {
    return this.db.em;
  }

  /** The user's preferences; a 404 for an unknown user. */
  async get(userId: string): Promise<PreferencesDto> {
    const user = await this.em.findOne(User, { id: userId }, { fields: ['messageEmails'] });
    if (!user) throw Errors.notFound('User');
    return { messageEmails: user.messageEmails };
  }

  /** Changes the fields given and answers the preferences as stored. */
  async update(userId: string, patch: PreferencesPatch): Promise<PreferencesDto> {
    if (patch.messageEmails === undefined) return this.get(userId);
    // The preference alone, in one statement: no edit of the account (updated_at stays).
    const changed = await this.em.nativeUpdate(User, { id: userId }, { messageEmails: patch.messageEmails });
    if (!changed) throw Errors.notFound('User');
    return { messageEmails: patch.messageEmails };
  }

  /** Of `userIds`, those who turned mail about unread messages off (unknown ids are left out). */
  async messageEmailsOff(userIds: readonly string[]): Promise<Set<string>> {
    // An id that is no uuid names nobody (and would make the cast fail).
    const ids = [...new Set(userIds)].filter(isUuid);
    if (!ids.length) return new Set();
    const users = await this.em.find(User, { id: { $in: ids }, messageEmails: false }, { fields: ['id'] });
    return new Set(users.map((u) => u.id));
  }
}
