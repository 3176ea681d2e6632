import { inject, injectable } from 'inversify';
import { PolicyGate } from '../../platform/http/policy-gate.js';
import { PolicyAcceptanceService } from './policy-acceptance.service.js';
import type { PolicyType } from './policy.dto.js';

/** How long a process keeps the enforced versions before reading them again (another process may publish). */
export const ENFORCED_VERSIONS_TTL_MS = 5000;

/**
 * The gate on bids, listings and purchases: the current policy versions that ask for acceptance, read at most every
 * few seconds per process, so that while none does (the usual case) a write costs no query at all; otherwise one
 * indexed query for the user's acceptances.
 */
@injectable()
export class PolicyGateImpl extends PolicyGate {
  private cached?: { at: number; versions: Promise<{ policyType: PolicyType; version: string }[]> };

  constructor(@inject(PolicyAcceptanceService) private readonly policies: PolicyAcceptanceService) {
    super();
  }

  /** Forgets the cached versions (after a publish in this process). */
  refresh(): void {
    this.cached = undefined;
  }

  async missingPolicies(userId: string): Promise<string[]> {
    // A cache lifetime, not business time: performance.now() rather than the Clock.
    const now = performance.now();
    if (!this.cached || now - this.cached.at > ENFORCED_VERSIONS_TTL_MS) {
      const versions = this.policies.enforcedVersions();
      this.cached = { at: now, versions };
      versions.catch(() => (this.cached = undefined));
    }
    return this.policies.missingRequired(userId, await this.cached.versions);
  }
}
