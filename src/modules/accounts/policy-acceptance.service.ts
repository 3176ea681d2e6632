import { inject, injectable } from 'inversify';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Clock } from '../../platform/clock.js';
import { Errors } from '../../platform/errors.js';
import type { Actor } from '../../platform/http/auth.js';
import { hasRole } from '../../platform/roles.js';
import { TOKENS } from '../../platform/tokens.js';
import type { PolicyAcceptanceDto } from './account.dto.js';
import { toAcceptanceDto } from './account.mapper.js';
import { CURRENT_POLICY_VERSION, POLICY_TYPES, PolicyAcceptance } from './policy-acceptance.entity.js';
import { User } from './user.entity.js';

/** Acceptances of the privacy policy and terms of service, and whether a user accepted the current ones. */
@injectable()
export class PolicyAcceptanceService {
  constructor(
    @inject(TOKENS.Orm) private readonly orm: MikroORM,
    @inject(Clock) private readonly clock: Clock,
  ) {}

  private get em() {
    return this.orm.em;
  }

  /** Records a policy acceptance for `userId` with the request's real IP address and user agent. */
  async accept(
    allowedUserIds: string[],
    input: { userId: string; policyType: (typeof POLICY_TYPES)[number]; policyVersion: string },
    client: { ipAddress: string; userAgent: string | null },
  ): Promise<PolicyAcceptanceDto> {
    if (!allowedUserIds.includes(input.userId)) throw Errors.forbidden();
    const user = await this.em.findOne(User, { id: input.userId }, { fields: ['id'] });
    if (!user) throw Errors.notFound('User');
    const acceptance = this.em.create(PolicyAcceptance, {
      userId: input.userId,
      policyType: input.policyType,
      policyVersion: input.policyVersion,
      acceptedAt: this.clock.now(),
      ipAddress: client.ipAddress,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
      isCurrentVersion: input.policyVersion === CURRENT_POLICY_VERSION,
    });
    await this.em.flush();
    return toAcceptanceDto(acceptance);
  }

  /** Whether the user accepted every current policy, with their acceptances (self or admin). */
  async status(viewer: Actor, userId: string) {
    if (viewer.id !== userId && !hasRole(viewer.role, 'admin')) throw Errors.forbidden();
    const user = await this.em.findOne(User, { id: userId }, { fields: ['id'] });
    if (!user) throw Errors.notFound('User');
    const acceptances = await this.em.find(PolicyAcceptance, { userId }, { orderBy: { acceptedAt: 'desc' } });
    const current = new Set(
      acceptances.filter((a) => a.policyVersion === CURRENT_POLICY_VERSION).map((a) => a.policyType),
    );
    return {
      hasAcceptedPolicies: POLICY_TYPES.every((t) => current.has(t)),
      acceptances: acceptances.map(toAcceptanceDto),
    };
  }
}
