// Measuring helpers shared by the benchmarks in load-tests/: signed session cookies, CPU per operation of the
// server and PostgreSQL, pgbench runs with their per-transaction latencies, and the autocannon run of the
// bidding benchmarks (auctions, reverse) in which every client sends the next amount the others let it send.
import { spawnSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import autocannon from 'autocannon';
import { cpuMs, postgresCpuMs, type Stack } from './stack.js';

/** A session cookie signed the way express-session signs it (cookie-signature: HMAC-SHA256, base64 without '='). */
export function sessionCookie(sid: string, secret: string): string {
  const signature = createHmac('sha256', secret).update(sid).digest('base64').replace(/=+$/, '');
  return `pitlane.sid=${encodeURIComponent(`s:${sid}.${signature}`)}`;
}

export interface CpuPer {
  /** CPU ms per operation of the server process (NaN when the stack did not start it). */
  server: number;
  /** CPU ms per operation of the embedded PostgreSQL (NaN when the stack does not own the cluster). */
  postgres: number;
}

/** Starts counting CPU of the stack's server and PostgreSQL now; the returned function divides what was used since by `count`. */
export function cpuMeter(stack: Stack | undefined): (count: number) => CpuPer {
  const server0 = stack?.serverPid ? cpuMs(stack.serverPid) : NaN;
  const pg0 = stack?.pgDir ? (postgresCpuMs(stack.pgDir) ?? NaN) : NaN;
  return (count) => ({
    server: stack?.serverPid ? (cpuMs(stack.serverPid) - server0) / count : NaN,
    postgres: stack?.pgDir ? ((postgresCpuMs(stack.pgDir) ?? NaN) - pg0) / count : NaN,
  });
}

// ---- closed-loop HTTP clients -------------------------------------------------------------------------------

/** A GET over `agent`: the status and the whole body. */
export function httpGet(agent: http.Agent, url: string, headers?: http.OutgoingHttpHeaders): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, ...(headers ? { headers } : {}) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/**
 * Runs `once` from `clients` clients back to back over one keep-alive agent, for `warmup` s and then the measured
 * `duration` s: the measured calls' latencies (ms), the calls that threw (the first one's message is printed after
 * `name`), the measured seconds and CPU per call (served or failed) of the stack, when any call was made.
 */
export async function closedLoop(
  o: { name: string; clients: number; warmup: number; duration: number; stack?: Stack },
  once: (agent: http.Agent, i: number) => Promise<void>,
): Promise<{ values: number[]; errors: number; seconds: number; cpu?: CpuPer }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: o.clients * 2 });
  let counter = 0;
  const loop = async (until: number, record: number[] | null) => {
    let errors = 0;
    while (performance.now() < until) {
      const started = performance.now();
      try {
        await once(agent, counter++);
        record?.push(performance.now() - started);
      } catch (error) {
        errors++;
        if (errors === 1 && record) console.error(`${o.name}:`, error instanceof Error ? error.message : error);
      }
    }
    return errors;
  };
  const clients = Array.from({ length: o.clients });
  const warm = performance.now() + o.warmup * 1000;
  await Promise.all(clients.map(() => loop(warm, null)));
  const meter = cpuMeter(o.stack);
  const values: number[] = [];
  const started = performance.now();
  const errors = (await Promise.all(clients.map(() => loop(started + o.duration * 1000, values)))).reduce((a, b) => a + b, 0);
  const seconds = (performance.now() - started) / 1000;
  const served = values.length + errors;
  const cpu = served ? meter(served) : undefined;
  agent.destroy();
  return { values, errors, seconds, cpu };
}

// ---- pgbench ----------------------------------------------------------------------------------------------

export interface PgbenchOptions {
  /** The pgbench binary. */
  pgbench: string;
  databaseUrl: string;
  script: string;
  /** `name=value` variables (-D). */
  defines: string[];
  clients: number;
  /** Options before -f (e.g. ['-M', 'prepared']). */
  extra?: string[];
  /** Working folder when no log is written. */
  cwd: string;
}

/** One pgbench run of `duration` s; with `log`, its per-transaction log goes to `log.dir` under `log.prefix`. */
export function pgbenchRun(o: PgbenchOptions, duration: number, log?: { dir: string; prefix: string }): { tps: number; failed: number } {
  const args = ['-n', ...(o.extra ?? []), '-f', o.script, ...o.defines.flatMap((d) => ['-D', d]), '-c', String(o.clients), '-j', '2', '-T', String(duration)];
  if (log) args.push('-l', '--log-prefix', path.join(log.dir, log.prefix));
  args.push(o.databaseUrl);
  const result = spawnSync(o.pgbench, args, { cwd: log?.dir ?? o.cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`pgbench failed (exit ${result.status}):\n${result.stderr}\n${result.stdout}`);
  const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(result.stdout)?.[1];
  const failed = /number of failed transactions: (\d+)/.exec(result.stdout)?.[1];
  if (!tps) throw new Error(`unexpected pgbench output:\n${result.stdout}`);
  return { tps: Number(tps), failed: Number(failed ?? 0) };
}

/** Transaction latencies (ms) from the per-transaction logs in `dir`: client, transaction no., latency (µs), script, epoch s, µs. */
export function pgbenchLogLatencies(dir: string): number[] {
  const times: number[] = [];
  for (const file of readdirSync(dir)) {
    for (const line of readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      const latency = Number(line.split(' ')[2]);
      if (line && Number.isFinite(latency)) times.push(latency / 1000);
    }
  }
  return times;
}

/**
 * A warm-up run of `warmup` s, then the measured one of `duration` s with its per-transaction log in `log.dir`
 * (emptied first): TPS, failed transactions, every transaction's latency (ms) and CPU per transaction.
 */
export function pgbenchMeasured(
  o: PgbenchOptions,
  warmup: number,
  duration: number,
  log: { dir: string; prefix: string },
  stack: Stack | undefined,
): { tps: number; failed: number; times: number[]; cpu: CpuPer } {
  pgbenchRun(o, warmup);
  rmSync(log.dir, { recursive: true, force: true });
  mkdirSync(log.dir, { recursive: true });
  const meter = cpuMeter(stack);
  const { tps, failed } = pgbenchRun(o, duration, log);
  const times = pgbenchLogLatencies(log.dir);
  return { tps, failed, times, cpu: meter(times.length) };
}

// ---- autocannon: racing amounts ------------------------------------------------------------------------------

export interface AmountRace {
  baseUrl: string;
  clients: number;
  duration: number;
  /** The objects bid on, taken in turn. */
  ids: string[];
  /** Signed-in users' cookies, picked at random per request. */
  users: { cookie: string }[];
  /** Per id: the next amount (cents) to send; updated as answers come. */
  next: Map<string, number>;
  /** Added to an id's next amount once it is sent (+ increment for bids, - decrement for quotes). */
  step: number;
  path: (id: string) => string;
  body: (cents: number) => string;
  /** The next amount an answer names, if any (cents). */
  answered: (status: number, body: string) => number | undefined;
  /** Which of the known and the answered amount wins (Math.max for bids, Math.min for quotes). */
  pick: (a: number, b: number) => number;
  /** For the first error's message. */
  label: string;
  stack: Stack | undefined;
}

/**
 * POSTs amounts with `clients` connections for `duration` s: each request sends its id's next amount as far as
 * the clients know it (the last amount sent plus one step, or what an answer named), so the clients of one id
 * send moving amounts instead of copies of the same one. 201: accepted (its latency kept); 400: rejected.
 */
export async function raceAmounts(o: AmountRace): Promise<{ accepted: number[]; rejected: number; errors: number; cpu: CpuPer }> {
  let i = 0;
  const accepted: number[] = [];
  let rejected = 0;
  let errors = 0;
  let firstError = '';
  const instance = autocannon({
    url: o.baseUrl,
    connections: o.clients,
    pipelining: 1,
    duration: o.duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (req, context) => {
          const n = i++;
          const id = o.ids[n % o.ids.length]!;
          const user = o.users[Math.floor(Math.random() * o.users.length)]!;
          const amount = o.next.get(id)!;
          o.next.set(id, amount + o.step);
          (context as { id?: string }).id = id;
          return {
            ...req,
            path: o.path(id),
            headers: { 'content-type': 'application/json', cookie: user.cookie },
            body: o.body(amount),
          };
        },
        onResponse: (status, body, context) => {
          const id = (context as { id?: string }).id!;
          try {
            const cents = o.answered(status, body);
            if (cents !== undefined) o.next.set(id, o.pick(o.next.get(id)!, cents));
          } catch {
            // not JSON: counted below
          }
        },
      },
    ],
  }) as unknown as autocannon.Instance & Promise<autocannon.Result>;
  instance.on('response', (_client: unknown, status: number, _bytes: number, time: number) => {
    if (status === 201) accepted.push(time);
    else if (status === 400) rejected++;
    else errors++;
  });
  const meter = cpuMeter(o.stack);
  instance.on('reqError', (error: Error) => {
    if (!firstError) firstError = error.message;
  });
  const result = await instance;
  const cpu = meter(accepted.length);
  if (errors && !firstError) firstError = `non-2xx/400 answers: ${JSON.stringify(result.statusCodeStats)}`;
  if (firstError) console.error(`${o.label}: ${firstError}`);
  return { accepted, rejected, errors: errors + result.errors + result.timeouts, cpu };
}
