import { describe, expect, it } from 'vitest';
import type { PolicyComplianceDto } from '../../modules/accounts/policy.dto';
import { CSV_HEADERS, acceptanceText, csvFileName, csvRow, toCsv } from './complianceExport';

const row: PolicyComplianceDto = {
  id: 'u1',
  username: 'alice',
  email: 'alice@example.com',
  firstName: 'Alice',
  lastName: 'Racer',
  role: 'buyer',
  createdAt: '2025-01-02T03:04:05.000Z',
  hasAcceptedPolicies: false,
  privacyPolicy: { policyVersion: 'v1.1', isCurrentVersion: true, acceptedAt: '2025-02-01T10:00:00.000Z', ipAddress: '203.0.113.7', userAgent: 'Mozilla/5.0, "quoted"' },
  termsOfService: { policyVersion: 'v1.0', isCurrentVersion: false, acceptedAt: '2025-01-02T03:04:06.000Z', ipAddress: '203.0.113.7', userAgent: null },
};

describe('the compliance export', () => {
  it('names the file with the date', () => {
    expect(csvFileName(new Date('2025-01-30T23:59:00Z'))).toBe('policy-acceptances-2025-01-30');
  });

  it('writes one row per user with each policy version, time, address and user agent', () => {
    expect(csvRow(row)).toHaveLength(CSV_HEADERS.length);
    const csv = toCsv(CSV_HEADERS, [csvRow(row), csvRow({ ...row, username: 'bob', privacyPolicy: null, termsOfService: null })]);
    const [header, alice, bob] = csv.split('\r\n');
    expect(header).toBe(CSV_HEADERS.join(','));
    expect(alice).toBe(
      'alice,Alice Racer,alice@example.com,buyer,2025-01-02T03:04:05.000Z,No,v1.1,2025-02-01T10:00:00.000Z,203.0.113.7,"Mozilla/5.0, ""quoted""",v1.0 (outdated),2025-01-02T03:04:06.000Z,203.0.113.7,',
    );
    expect(bob).toBe('bob,Alice Racer,alice@example.com,buyer,2025-01-02T03:04:05.000Z,No,,,,,,,,');
  });

  it('says whether the current version was accepted', () => {
    expect(acceptanceText(row.privacyPolicy)).toBe('Accepted v1.1');
    expect(acceptanceText(row.termsOfService)).toBe('Accepted v1.0 (outdated)');
    expect(acceptanceText(null)).toBe('Not accepted');
  });
});
