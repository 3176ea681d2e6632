import { inject, injectable } from 'inversify';

import { Clock } from '../../platform/clock.js';
import { AppError, Errors } from '../../platform/errors.js';
import type { ConsolePage } from '../../platform/http/admin-rest.js';
import type { Actor } from '../../platform/http/auth.js';
import { hasRole } from '../../platform/roles.js';
import type { PolicyAcceptanceDto } from './account.dto.js';
import { toAcceptanceDto } from './account.mapper.js';
import { POLICY_TYPES, PolicyAcceptance } from './policy-acceptance.entity.js';
import type {
  ComplianceAcceptanceDto,
  CurrentPoliciesDto,
  PolicyComplianceDto,
  PolicyStatusDto,
  PolicyType,
  PolicyVersionDto,
} from './policy.dto.js';
import { COMPLIANCE_SORTS, type ComplianceFilter, type ComplianceSort, type PublishPolicyInput } from './policy.schemas.js';
import { User } from './user.entity.js';
import { Database } from '../../platform/db/database.js';

interface VersionRow {
  id: string;
  policy_type: PolicyType;
  version: string;
  is_current: boolean;
  requires_acceptance: boolean;
  published_at: Date | string;
  published_by: string | null;
}

const toVersionDto = (r: VersionRow): PolicyVersionDto => ({
  id: r.id,
  policyType: r.policy_type,
  version: r.version,
  isCurrent: r.is_current,
  requiresAcceptance: r.requires_acceptance,
  publishedAt: new Date(r.published_at).toISOString(),
  publishedBy: r.published_by,
});

const VERSION_COLUMNS = 'id, policy_type, version, is_current, requires_acceptance, published_at, published_by';

/**
 * Acceptances of the privacy policy and terms of service, the published versions (one current per policy), whether
 * a user accepted the current ones, and the compliance dashboard.
 */
@injectable()
export class PolicyAcceptanceService {
  constructor(
    @inject(Database) private readonly db: Database,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  private get em() {
    return this.db.em;
  }

  /** The current version of each policy. */
  async currentVersions(): Promise<CurrentPoliciesDto> {
    const rows = await this.em.execute<VersionRow[]>(`select ${VERSION_COLUMNS} from policy_versions where is_current`);
    const byType = Object.fromEntries(rows.map((r) => [r.policy_type, toVersionDto(r)])) as Partial<CurrentPoliciesDto>;
    if (!byType.privacy_policy || !byType.terms_of_service) throw new Error('policy_versions has no current version of every policy');
    return byType as CurrentPoliciesDto;
  }

  /** Records a policy acceptance for `userId` with the request's real IP address and user agent. */
  async accept(
    allowedUserIds: string[],
    input: { userId: string; policyType: (typeof POLICY_TYPES)[number]; policyVersion?: string },
    client: { ipAddress: string; userAgent: string | null },
  ): Promise<PolicyAcceptanceDto> {
    if (!allowedUserIds.includes(input.userId)) throw Errors.forbidden();
    const current = (await this.currentVersions())[input.policyType].version;
    const version = input.policyVersion?.trim() || current;
    if (version !== current) {
      const message = `Only the current policy version (${current}) can be accepted`;
      throw new AppError('invalid', 'validation_failed', message, { policyVersion: message });
    }
    const user = await this.em.findOne(User, { id: input.userId }, { fields: ['id'] });
    if (!user) throw Errors.notFound('User');
    const acceptance = this.em.create(PolicyAcceptance, {
      userId: input.userId,
      policyType: input.policyType,
      policyVersion: version,
      acceptedAt: this.clock.now(),
      ipAddress: client.ipAddress.slice(0, 64),
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      isCurrentVersion: true,
    });
    await this.em.flush();
    return toAcceptanceDto(acceptance);
  }

  /** Whether the user accepted every current policy, with their acceptances (self or admin). */
  async status(viewer: Actor, userId: string): Promise<PolicyStatusDto> {
    if (viewer.id !== userId && !hasRole(viewer.role, 'admin')) throw Errors.forbidden();
    const user = await this.em.findOne(User, { id: userId }, { fields: ['id'] });
    if (!user) throw Errors.notFound('User');
    const [current, acceptances] = await Promise.all([
      this.currentVersions(),
      this.em.find(PolicyAcceptance, { userId }, { orderBy: { acceptedAt: 'desc' } }),
    ]);
    const accepted = (type: PolicyType) => acceptances.some((a) => a.policyType === type && a.policyVersion === current[type].version);
    return {
      hasAcceptedPolicies: POLICY_TYPES.every(accepted),
      acceptances: acceptances.map(toAcceptanceDto),
      currentVersions: { privacy_policy: current.privacy_policy.version, terms_of_service: current.terms_of_service.version },
      acceptanceRequired: POLICY_TYPES.filter((type) => current[type].requiresAcceptance && !accepted(type)),
    };
  }

  /** The policies whose current version asks for acceptance and that `userId` has not accepted (the write gate). */
  async missingRequired(userId: string, enforced: readonly { policyType: PolicyType; version: string }[]): Promise<PolicyType[]> {
    if (!enforced.length) return [];
    const rows = await this.em.execute<{ policy_type: PolicyType }[]>(
      `select distinct policy_type from policy_acceptances
        where user_id = ? and (policy_type, policy_version) in (select * from unnest(?::text[], ?::text[]))`,
      [userId, enforced.map((e) => e.policyType), enforced.map((e) => e.version)],
    );
    const done = new Set(rows.map((r) => r.policy_type));
    return enforced.map((e) => e.policyType).filter((type) => !done.has(type));
  }

  /** The current versions that ask for acceptance (what the gate enforces). */
  async enforcedVersions(): Promise<{ policyType: PolicyType; version: string }[]> {
    const current = await this.currentVersions();
    return POLICY_TYPES.filter((t) => current[t].requiresAcceptance).map((t) => ({ policyType: t, version: current[t].version }));
  }

  /**
   * Publishes a new current version of one policy (admin): the previous one stops being current, and acceptances
   * of it are no longer current. With requiresAcceptance, users must accept it before they bid, list or buy.
   */
  async publish(admin: Actor, input: PublishPolicyInput): Promise<PolicyVersionDto> {
    const publishedAt = this.clock.now();
    return this.em.transactional(async (em) => {
      // One publisher at a time per policy, so two admins cannot both make their version current.
      await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`policy_versions:${input.policyType}`]);
      const [taken] = await em.execute<{ n: number }[]>(
        'select count(*)::int as n from policy_versions where policy_type = ? and version = ?',
        [input.policyType, input.version],
      );
      if (taken!.n > 0) {
        const message = `Version ${input.version} of this policy was already published`;
        throw Errors.conflict('policy_version_exists', message, { version: message });
      }
      await em.execute('update policy_versions set is_current = false where policy_type = ? and is_current', [input.policyType]);
      const [row] = await em.execute<VersionRow[]>(
        `insert into policy_versions (policy_type, version, is_current, requires_acceptance, published_at, published_by)
         values (?, ?, true, ?, ?, ?) returning ${VERSION_COLUMNS}`,
        [input.policyType, input.version, input.requiresAcceptance, publishedAt.toISOString(), admin.id],
      );
      await em.execute(
        'update policy_acceptances set is_current_version = (policy_version = ?) where policy_type = ? and is_current_version <> (policy_version = ?)',
        [input.version, input.policyType, input.version],
      );
      return toVersionDto({ ...row!, published_at: new Date(row!.published_at) });
    });
  }

  /** The published versions, newest first, for the console. */
  async versions(filter: { policyType?: PolicyType }, page: ConsolePage): Promise<{ rows: PolicyVersionDto[]; total: number }> {
    const params: unknown[] = [];
    const param = (value: unknown) => (params.push(value), '?');
    const where = filter.policyType ? `where policy_type = ${param(filter.policyType)}` : '';
    const direction = page.orderBy.publishedAt === 'asc' ? 'asc' : 'desc';
    const rows = await this.em.execute<(VersionRow & { total: number })[]>(
      `select ${VERSION_COLUMNS}, count(*) over ()::int as total from policy_versions ${where}
        order by published_at ${direction}, id limit ${param(page.limit)} offset ${param(page.offset)}`,
      params,
    );
    return { rows: rows.map(toVersionDto), total: rows[0]?.total ?? (page.offset ? await this.countVersions(filter) : 0) };
  }

  private async countVersions(filter: { policyType?: PolicyType }): Promise<number> {
    const rows = await this.em.execute<{ n: number }[]>(
      'select count(*)::int as n from policy_versions where ?::text is null or policy_type = ?',
      [filter.policyType ?? null, filter.policyType ?? null],
    );
    return rows[0]!.n;
  }

  /**
   * The Policy Acceptance Dashboard: every user with their newest acceptance of each policy and whether both are of
   * the current versions; filters for status (accepted / not accepted), role and a search.
   */
  async compliance(
    filter: ComplianceFilter & { ids?: string[] },
    page: ConsolePage,
  ): Promise<{ rows: PolicyComplianceDto[]; total: number }> {
    const params: unknown[] = [];
    const param = (value: unknown) => (params.push(value), '?');
    const where: string[] = [];
    if (filter.ids) where.push(`u.id = any(${param(filter.ids)}::uuid[])`);
    if (filter.role) where.push(`u.role = ${param(filter.role)}`);
    if (filter.q) {
      const like = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(`(u.username ilike ${param(like)} or u.email ilike ${param(like)} or (u.first_name || ' ' || u.last_name) ilike ${param(like)})`);
    }
    const accepted = 'pp.policy_version is not distinct from cur.pp and ts.policy_version is not distinct from cur.ts';
    if (filter.status === 'accepted') where.push(`(${accepted})`);
    if (filter.status === 'not_accepted') where.push(`not (${accepted})`);
    const order = Object.entries(page.orderBy)
      .map(([field, dir]) => {
        const column = field === 'id' ? 'u.id' : COMPLIANCE_SORTS[field as ComplianceSort];
        return column ? `${column} ${dir === 'desc' ? 'desc' : 'asc'} nulls ${dir === 'desc' ? 'last' : 'first'}` : undefined;
      })
      .filter(Boolean);
    if (!order.some((o) => o!.startsWith('u.id '))) order.push('u.id asc');
    const latest = (type: PolicyType) => `left join lateral (
        select a.policy_version, a.accepted_at, a.ip_address, a.user_agent from policy_acceptances a
         where a.user_id = u.id and a.policy_type = '${type}' order by a.accepted_at desc limit 1) ${type === 'privacy_policy' ? 'pp' : 'ts'} on true`;
    const rows = await this.em.execute(
      `with cur as (
         select max(version) filter (where policy_type = 'privacy_policy') as pp,
                max(version) filter (where policy_type = 'terms_of_service') as ts
           from policy_versions where is_current)
       select u.id, u.username, u.email, u.first_name, u.last_name, u.role, u.created_at,
              pp.policy_version as pp_version, pp.accepted_at as pp_at, pp.ip_address as pp_ip, pp.user_agent as pp_ua,
              ts.policy_version as ts_version, ts.accepted_at as ts_at, ts.ip_address as ts_ip, ts.user_agent as ts_ua,
              cur.pp as cur_pp, cur.ts as cur_ts, count(*) over ()::int as total
         from users u cross join cur
         ${latest('privacy_policy')}
         ${latest('terms_of_service')}
        ${where.length ? `where ${where.join(' and ')}` : ''}
        order by ${order.join(', ')}
        limit ${param(page.limit)} offset ${param(page.offset)}`,
      params,
    );
    const acceptance = (version: string | null, at: Date | string | null, ip: string | null, ua: string | null, current: string): ComplianceAcceptanceDto | null =>
      version && at ? { policyVersion: version, isCurrentVersion: version === current, acceptedAt: new Date(at).toISOString(), ipAddress: ip ?? '', userAgent: ua } : null;
    const dtos = rows.map((r): PolicyComplianceDto => {
      const privacyPolicy = acceptance(r.pp_version, r.pp_at, r.pp_ip, r.pp_ua, r.cur_pp);
      const termsOfService = acceptance(r.ts_version, r.ts_at, r.ts_ip, r.ts_ua, r.cur_ts);
      return {
        id: r.id,
        username: r.username,
        email: r.email,
        firstName: r.first_name,
        lastName: r.last_name,
        role: r.role,
        createdAt: new Date(r.created_at as string).toISOString(),
        hasAcceptedPolicies: Boolean(privacyPolicy?.isCurrentVersion && termsOfService?.isCurrentVersion),
        privacyPolicy,
        termsOfService,
      };
    });
    let total = (rows[0]?.total as number | undefined) ?? 0;
    // A page past the end has no row to carry the count.
    if (!rows.length && page.offset > 0) total = (await this.compliance(filter, { ...page, offset: 0, limit: 1 })).total;
    return { rows: dtos, total };
  }
}
