/** Pure helpers of the Policy Acceptance Dashboard (spec 001 §2 "Policy & Compliance"). */
import type { ComplianceAcceptanceDto, PolicyComplianceDto } from '../../modules/accounts/policy.dto';
import { toCsv } from '../seller-analytics/analyticsExport';

export { toCsv };

/** "Accepted v1.1", "Accepted v1.0 (outdated)" or "Not accepted". */
export function acceptanceText(a: ComplianceAcceptanceDto | null): string {
  if (!a) return 'Not accepted';
  return a.isCurrentVersion ? `Accepted ${a.policyVersion}` : `Accepted ${a.policyVersion} (outdated)`;
}

export const CSV_HEADERS = [
  'Username',
  'Name',
  'Email',
  'Role',
  'Joined',
  'Accepted Current Policies',
  'Privacy Policy Version',
  'Privacy Policy Accepted At',
  'Privacy Policy IP Address',
  'Privacy Policy User Agent',
  'Terms Version',
  'Terms Accepted At',
  'Terms IP Address',
  'Terms User Agent',
] as const;

const acceptanceCells = (a: ComplianceAcceptanceDto | null) =>
  a ? [a.isCurrentVersion ? a.policyVersion : `${a.policyVersion} (outdated)`, a.acceptedAt, a.ipAddress, a.userAgent ?? ''] : ['', '', '', ''];

/** One CSV row per user, in CSV_HEADERS order (times in ISO 8601, UTC). */
export function csvRow(r: PolicyComplianceDto): string[] {
  return [
    r.username,
    `${r.firstName} ${r.lastName}`.trim(),
    r.email,
    r.role,
    r.createdAt,
    r.hasAcceptedPolicies ? 'Yes' : 'No',
    ...acceptanceCells(r.privacyPolicy),
    ...acceptanceCells(r.termsOfService),
  ];
}

/** "policy-acceptances-2025-01-30" (downloadCSV adds ".csv"); the date is the UTC calendar day. */
export function csvFileName(now: Date): string {
  return `policy-acceptances-${now.toISOString().slice(0, 10)}`;
}
