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
import type { AcceptanceListQuery, ComplianceFilter, PublishPolicyInput } from './policy.schemas.js';
import { complianceRows, lockPolicyType } from './policy.repository.js';
import { PolicyVersion } from './policy-version.entity.js';
import { User } from './user.entity.js';
import { Database } from '../../platform/db/database.js';

const toVersionDto = (v: PolicyVersion): PolicyVersionDto => ({
  id: v.id,
  policyType: v.policyType,
  version: v.version,
  isCurrent: v.isCurrent,
  requiresAcceptance: v.requiresAcceptance,
  publishedAt: v.publishedAt.toISOString(),
  publishedBy: v.publishedBy ?? null,
});

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
    const rows = await this.em.find(PolicyVersion, { isCurrent: true });
    const byType = Object.fromEntries(rows.map((v) => [v.policyType, toVersionDto(v)])) as Partial<CurrentPoliciesDto>;
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

  /** Every recorded acceptance (admins: GET /api/policy-acceptances), newest first, of one user or policy if asked. */
  async list(query: AcceptanceListQuery): Promise<{ rows: PolicyAcceptanceDto[]; total: number }> {
    const where = { ...(query.userId ? { userId: query.userId } : {}), ...(query.policyType ? { policyType: query.policyType } : {}) };
    const [rows, total] = await this.em.findAndCount(PolicyAcceptance, where, {
      orderBy: { acceptedAt: 'desc', id: 'asc' },
      limit: query.limit,
      offset: query.offset,
    });
    return { rows: rows.map(toAcceptanceDto), total };
  }

  /** The policies whose current version asks for acceptance and that `userId` has not accepted (the write gate). */
  async missingRequired(userId: string, enforced: readonly { policyType: PolicyType; version: string }[]): Promise<PolicyType[]> {
    if (!enforced.length) return [];
    const rows = await this.em.find(
      PolicyAcceptance,
      { userId, $or: enforced.map((e) => ({ policyType: e.policyType, policyVersion: e.version })) },
      { fields: ['policyType'] },
    );
    const done = new Set<PolicyType>(rows.map((r) => r.policyType));
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
      await lockPolicyType(em, input.policyType);
      if ((await em.count(PolicyVersion, { policyType: input.policyType, version: input.version })) > 0) {
        const message = `Version ${input.version} of this policy was already published`;
        throw Errors.conflict('policy_version_exists', message, { version: message });
      }
      await em.nativeUpdate(PolicyVersion, { policyType: input.policyType, isCurrent: true }, { isCurrent: false });
      const version = em.create(PolicyVersion, {
        policyType: input.policyType,
        version: input.version,
        isCurrent: true,
        requiresAcceptance: input.requiresAcceptance,
        publishedAt,
        publishedBy: admin.id,
      });
      await em.flush();
      // Acceptances of the new version become current, those of any other stop being current.
      const type = input.policyType;
      await em.nativeUpdate(PolicyAcceptance, { policyType: type, policyVersion: input.version, isCurrentVersion: false }, { isCurrentVersion: true });
      await em.nativeUpdate(PolicyAcceptance, { policyType: type, policyVersion: { $ne: input.version }, isCurrentVersion: true }, { isCurrentVersion: false });
      return toVersionDto(version);
    });
  }

  /** The published versions, newest first, for the console. */
  async versions(filter: { policyType?: PolicyType }, page: ConsolePage): Promise<{ rows: PolicyVersionDto[]; total: number }> {
    const [rows, total] = await this.em.findAndCount(PolicyVersion, filter.policyType ? { policyType: filter.policyType } : {}, {
      orderBy: { publishedAt: page.orderBy.publishedAt === 'asc' ? 'asc' : 'desc', id: 'asc' },
      limit: page.limit,
      offset: page.offset,
    });
    return { rows: rows.map(toVersionDto), total };
  }

  /**
   * The Policy Acceptance Dashboard: every user with their newest acceptance of each policy and whether both are of
   * the current versions; filters for status (accepted / not accepted), role and a search.
   */
  async compliance(
    filter: ComplianceFilter & { ids?: string[] },
    page: ConsolePage,
  ): Promise<{ rows: PolicyComplianceDto[]; total: number }> {
    const rows = await complianceRows(this.em, filter, page);
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
