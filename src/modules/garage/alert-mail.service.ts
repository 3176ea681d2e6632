import { createHmac, timingSafeEqual } from 'node:crypto';
import { inject, injectable } from 'inversify';
import { Clock } from '../../platform/clock.js';
import type { Config } from '../../platform/config.js';
import { Database } from '../../platform/db/database.js';
import { JobQueue } from '../../platform/jobs.js';
import { MailQueue, type Mail } from '../../platform/mail/mailer.js';
import { TOKENS } from '../../platform/tokens.js';
import { AccountsApi, type UserDto } from '../accounts/index.js';
import { NotificationsApi } from '../notifications/index.js';
import { claimDigestUsers, DIGEST_BATCH, lockMailOf, unmailedMatches, type MatchRow } from './alert-mail.sql.js';
import { ALERT_MAIL_DELAY_MS } from './alert-matching.service.js';
import { quotedName } from './garage.rules.js';
import { alertMailKey, GARAGE_TASKS } from './garage.tasks.js';
import { PartAlert } from './part-alert.entity.js';

/** Matches listed in one mail at most (the rest are in the garage's feed). */
const MAX_PER_MAIL = 50;

/** Mail of alert matches: instant (grouped, within a minute), the daily digest, and the one-click pause link. */
@injectable()
export class AlertMailService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(TOKENS.Config) private readonly config: Config,
    @inject(Clock) private readonly clock: Clock,
    @inject(MailQueue) private readonly mail: MailQueue,
    @inject(JobQueue) private readonly jobs: JobQueue,
    @inject(AccountsApi) private readonly accounts: AccountsApi,
    @inject(NotificationsApi) private readonly notifications: NotificationsApi,
  ) {}

  /** The signature of a pause link for `alertId`. */
  pauseToken(alertId: string): string {
    return createHmac('sha256', this.config.sessionSecret).update(`garage-alert-pause:${alertId}`).digest('base64url');
  }

  /** The one-click link that pauses `alertId`. */
  pauseLink(alertId: string): string {
    return `${this.config.publicUrl}/api/alerts/pause?alert=${alertId}&token=${this.pauseToken(alertId)}`;
  }

  /** Whether `token` is the pause link's signature for `alertId`. */
  verifyPause(alertId: string, token: string): boolean {
    const expected = Buffer.from(this.pauseToken(alertId));
    const given = Buffer.from(token);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** Pauses an alert from a mail's link; answers its name, or null when the link is not valid. Idempotent. */
  async pauseByLink(alertId: string, token: string): Promise<string | null> {
    if (!this.verifyPause(alertId, token)) return null;
    const alert = await this.db.em.findOne(PartAlert, { id: alertId });
    if (!alert) return null;
    if (alert.isActive) {
      alert.isActive = false;
      alert.updatedAt = this.clock.now();
      await this.db.em.flush();
    }
    return alert.alertName;
  }

  /** One user's mail listing `matches`, grouped by alert, each group with its pause link. */
  private compose(user: UserDto, matches: MatchRow[], digest: boolean): Mail {
    const byAlert = new Map<string, MatchRow[]>();
    for (const m of matches) byAlert.set(m.alert_id, [...(byAlert.get(m.alert_id) ?? []), m]);
    const n = matches.length;
    const firstAlert = matches[0]!.alert_name;
    const subject = digest
      ? `Your daily Pitlane alert digest: ${n} new ${n === 1 ? 'match' : 'matches'}`
      : byAlert.size === 1
        ? `${n === 1 ? 'New match' : `${n} new matches`} for your alert ${quotedName(firstAlert)}`
        : `${n} new matches for your Pitlane alerts`;
    const sections = [...byAlert.values()].map((group) => {
      const lines = group.slice(0, MAX_PER_MAIL).map((m) => `- ${m.message}${m.link ? `\n  ${this.config.publicUrl}${m.link}` : ''}`);
      return `${group[0]!.alert_name}:\n${lines.join('\n')}\n\nPause this alert with one click: ${this.pauseLink(group[0]!.alert_id)}`;
    });
    const name = user.firstName || user.username;
    return {
      to: user.email!,
      subject: subject.slice(0, 300),
      text:
        `Hi ${name},\n\n${digest ? 'Here is what matched your daily alerts since the last digest' : 'New listings match your alerts'}:\n\n` +
        `${sections.join('\n\n')}\n\nManage your alerts in your garage: ${this.config.publicUrl}/garage\n`,
    };
  }

  /**
   * Mails `userId` their instant alerts' unmailed matches in one mail, once the oldest has waited the grouping
   * delay (earlier, the job is put back to that time), and marks them mailed in the same transaction, so a second
   * run sends nothing new.
   */
  async mailInstant(userId: string): Promise<'mailed' | 'nothing' | 'later'> {
    return this.db.transaction(async (em) => {
      await lockMailOf(em, alertMailKey(userId));
      const matches = await unmailedMatches(em, [userId], 'instant', MAX_PER_MAIL);
      if (!matches.length) return 'nothing';
      const due = new Date(new Date(matches[0]!.created_at).getTime() + ALERT_MAIL_DELAY_MS);
      if (due > this.clock.now()) {
        await this.jobs.add(em, GARAGE_TASKS.alertMail, { userId }, { runAt: due, jobKey: alertMailKey(userId), jobKeyMode: 'preserve_run_at' });
        return 'later';
      }
      const user = await this.accounts.findUser(userId);
      if (user?.email) await this.mail.queue(em, this.compose(user, matches, false));
      await this.notifications.markSent(matches.map((m) => m.id));
      return user?.email ? 'mailed' : 'nothing';
    });
  }

  /**
   * The daily digest: every user with unmailed matches of daily alerts whose local time (their time zone) has
   * reached their digest hour and who had no digest yet on that local day gets one mail. Each user's day is
   * claimed (garage_alert_settings.last_digest_on) in the transaction that queues the mail and marks the matches
   * mailed, so a second run, or two at once, mail nobody twice. Returns how many users were mailed.
   */
  async sendDigests(): Promise<number> {
    let mailed = 0;
    for (;;) {
      const batch = await this.db.transaction(() => this.digestBatch());
      mailed += batch.mailed;
      if (batch.claimed < DIGEST_BATCH) return mailed;
    }
  }

  private async digestBatch(): Promise<{ claimed: number; mailed: number }> {
    const em = this.db.em;
    // Every alert's owner has settings (AlertService creates them with the alert: UTC, 8 o'clock).
    const ids = await claimDigestUsers(em, this.clock.now());
    if (!ids.length) return { claimed: 0, mailed: 0 };
    const matches = await unmailedMatches(em, ids, 'daily');
    const users = new Map((await this.accounts.findUsers(ids)).map((u) => [u.id, u]));
    const byUser = new Map<string, MatchRow[]>();
    for (const m of matches) byUser.set(m.user_id, [...(byUser.get(m.user_id) ?? []), m]);
    const mails: Mail[] = [];
    for (const [userId, rows] of byUser) {
      const user = users.get(userId);
      if (user?.email) mails.push(this.compose(user, rows.slice(0, MAX_PER_MAIL * 4), true));
    }
    await this.mail.queueMany(em, mails);
    await this.notifications.markSent(matches.map((m) => m.id));
    return { claimed: ids.length, mailed: mails.length };
  }
}
