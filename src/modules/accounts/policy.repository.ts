import type { EntityManager } from '@mikro-orm/postgresql';
import type { ConsolePage } from '../../platform/http/admin-rest.js';
import type { Role } from '../../platform/roles.js';
import type { PolicyType } from './policy.dto.js';
import { COMPLIANCE_SORTS, type ComplianceFilter, type ComplianceSort } from './policy.schemas.js';

/**
 * The queries of policies an entity manager cannot say well: the publisher's lock, and the compliance report
 * (every user with their newest acceptance of each policy, filtered, sorted and counted in one statement).
 */

/** One publisher at a time per policy, until the transaction of `em` ends. */
export async function lockPolicyType(em: EntityManager, policyType: PolicyType): Promise<void> {
  await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`policy_versions:${policyType}`]);
}

/** One row of the compliance report: the user, their newest acceptance of each policy, the current versions. */
export interface ComplianceRow {
  id: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  created_at: Date | string;
  pp_version: string | null;
  pp_at: Date | string | null;
  pp_ip: string | null;
  pp_ua: string | null;
  ts_version: string | null;
  ts_at: Date | string | null;
  ts_ip: string | null;
  ts_ua: string | null;
  cur_pp: string;
  cur_ts: string;
  /** Every match, whatever the page. */
  total: number;
}

/** A page of the compliance report (see ComplianceRow), each row carrying the count of all matches. */
export async function complianceRows(em: EntityManager, filter: ComplianceFilter & { ids?: string[] }, page: ConsolePage): Promise<ComplianceRow[]> {
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
  return em.execute<ComplianceRow[]>(
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
}
