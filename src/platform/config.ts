import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();

const urlText = (protocols: string[]) =>
  optionalText.refine(
    (v) => v === undefined || (URL.canParse(v) && protocols.includes(new URL(v).protocol)),
    { message: `must be a URL starting with ${protocols.join(' or ')}//` },
  );

/** The environment variables Pitlane reads, with their defaults. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: urlText(['http:', 'https:']),
  DATABASE_URL: urlText(['postgres:', 'postgresql:']),
  DATA_DIR: z.string().trim().min(1).default('./.data'),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).default(54329),
  DATABASE_READ_URL: optionalText.refine(
    (v) => v === undefined || v.split(',').every((u) => URL.canParse(u.trim()) && ['postgres:', 'postgresql:'].includes(new URL(u.trim()).protocol)),
    { message: 'must be one or more URLs starting with postgres:// or postgresql://, separated by commas' },
  ),
  DB_READ_CONNECTIONS: z.coerce.number().int().min(1).max(100).optional(),
  /** Catalog search counts are exact up to this many matches, then "this many or more" (docs/decisions/catalog.md). */
  SEARCH_COUNT_BOUND: z.coerce.number().int().min(1).max(100_000).default(1000),
  DB_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(10),
  DB_LOCK_CONNECTIONS: z.coerce.number().int().min(1).max(64).default(4),
  DB_SYSTEM_CONNECTIONS: z.coerce.number().int().min(2).max(100).default(8),
  DB_ACQUIRE_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(30_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).max(86_400_000).default(30_000),
  DB_CONNECTION_GUARD: z.enum(['throw', 'warn']).optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(25_000),
  SESSION_SECRET: optionalText.refine((v) => v === undefined || v.length >= 32, {
    message: 'must be at least 32 characters',
  }),
  SMTP_URL: urlText(['smtp:', 'smtps:']),
  MAIL_FROM: z.string().trim().min(3).default('Pitlane <no-reply@pitlane.local>'),
  WORKER: z.enum(['on', 'off']).default('on'),
  UPLOADS_DIR: optionalText,
  S3_BUCKET: optionalText,
  S3_PREFIX: optionalText,
  S3_ENDPOINT: urlText(['http:', 'https:']),
  S3_REGION: optionalText,
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_API_URL: urlText(['http:', 'https:']),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: optionalText,
  REGISTRATIONS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).optional(),
  UPLOADS_PER_ACCOUNT_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).optional(),
  CONTACT_REQUESTS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(0).max(1_000_000).optional(),
  SUPPORT_EMAIL: z.string().trim().email().default('support@pitlane.local'),
  METRICS_TOKEN: optionalText.refine((v) => v === undefined || v.length >= 16, {
    message: 'must be at least 16 characters',
  }),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl?: string;
  /** Read replicas: search, part pages and the other reads measured to need it go there (platform/db/replicas.ts). */
  databaseReadUrls: string[];
  dataDir: string;
  embeddedPgPort: number;
  /**
   * Connections of the read pool (catalog search and part pages): at most this many of those statements run at
   * once, the others wait their turn (see docs/decisions/platform.md, "A read pool the size of the machine").
   */
  dbReadConnections: number;
  /** Catalog search counts are exact up to this many matches (SEARCH_COUNT_BOUND). */
  searchCountBound: number;
  /** The database layer's pools and timeouts (platform/db/database.ts). */
  db: {
    /** The write pool: every request's and job's statements and transactions. */
    poolSize: number;
    /** Transactions holding a hot row lock (bid batches) run at most this many at once. */
    lockConnections: number;
    /** graphile-worker, the session store and live NOTIFY sends. */
    systemConnections: number;
    /** A statement waits at most this long for a connection, then the request answers 503 (0: for ever). */
    acquireTimeoutMs: number;
    statementTimeoutMs: number;
    idleInTransactionTimeoutMs: number;
    /** `throw` (tests): a transaction asking for a second connection fails; `warn`: it is logged and counted. */
    guard: 'throw' | 'warn';
  };
  /** A graceful stop ends within this, whatever is stuck. */
  shutdownTimeoutMs: number;
  sessionSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  /** Where Contact Us requests are mailed. */
  supportEmail: string;
  /** The bearer token a scraper presents to GET /api/metrics; unset turns the route off (404). */
  metricsToken?: string;
  worker: boolean;
  uploadsDir: string;
  /** Object storage for uploaded and generated files (S3_BUCKET set), else undefined: the local `uploadsDir`. */
  s3?: {
    bucket: string;
    prefix: string;
    region: string;
    endpoint?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    forcePathStyle: boolean;
  };
  stripeSecretKey?: string;
  stripeWebhookSecret?: string;
  /** Stripe's publishable key for the checkout's card form (Elements). */
  stripePublishableKey?: string;
  /** A Stripe-compatible server (stripe-mock, a test double): the SDK's host, port and protocol. */
  stripeApiUrl?: string;
  logLevel: string;
  /** Express "trust proxy" setting: how many proxies sit in front of us (or a list). */
  trustProxy: boolean | number | string;
  /** Abuse limits per rolling hour; 0 turns one off. Unset under NODE_ENV=test, where suites register many users. */
  rateLimits: {
    /** Registrations (attempts) per client address. */
    registrationsPerAddressPerHour: number;
    /** Photo uploads per signed-in account. */
    uploadsPerAccountPerHour: number;
    /** Contact Us requests per client address. */
    contactRequestsPerAddressPerHour: number;
  };
}

/** The abuse limits when their variables are unset (outside NODE_ENV=test). */
export const DEFAULT_RATE_LIMITS = {
  registrationsPerAddressPerHour: 20,
  uploadsPerAccountPerHour: 100,
  contactRequestsPerAddressPerHour: 5,
} as const;

/** Thrown when the environment is invalid; the message names every bad variable. */
export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** One connection per core, and one more to cover each statement's round trip: 3 on a 2-core machine. */
export function defaultReadConnections(cores = availableParallelism()): number {
  return cores + 1;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (value === undefined) return false;
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** Parses the environment into a Config, or throws ConfigError naming each bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  if (e.NODE_ENV === 'production' && !e.SESSION_SECRET) {
    throw new ConfigError(['SESSION_SECRET: is required when NODE_ENV=production']);
  }
  // Without the webhook's secret no payment would ever be confirmed: refuse to start rather than take money.
  if (e.NODE_ENV === 'production' && e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET) {
    throw new ConfigError(['STRIPE_WEBHOOK_SECRET: is required with STRIPE_SECRET_KEY when NODE_ENV=production']);
  }
  const s3Problems: string[] = [];
  const s3Set = ['S3_PREFIX', 'S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'].filter(
    (k) => e[k as keyof typeof e] !== undefined,
  );
  if (!e.S3_BUCKET && s3Set.length) s3Problems.push(`S3_BUCKET: is required with ${s3Set.join(', ')} (unset them to keep files in UPLOADS_DIR)`);
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    s3Problems.push('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (then the SDK finds credentials itself)');
  }
  if (s3Problems.length) throw new ConfigError(s3Problems);
  if (e.DATABASE_READ_URL && !e.DATABASE_URL) s3Problems.push('DATABASE_READ_URL: needs DATABASE_URL (the primary its replicas follow)');
  if (s3Problems.length) throw new ConfigError(s3Problems);
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    databaseReadUrls: e.DATABASE_READ_URL ? e.DATABASE_READ_URL.split(',').map((u) => u.trim()) : [],
    dataDir,
    embeddedPgPort: e.EMBEDDED_PG_PORT,
    dbReadConnections: e.DB_READ_CONNECTIONS ?? defaultReadConnections(),
    searchCountBound: e.SEARCH_COUNT_BOUND,
    db: {
      poolSize: e.DB_POOL_SIZE,
      lockConnections: e.DB_LOCK_CONNECTIONS,
      systemConnections: e.DB_SYSTEM_CONNECTIONS,
      acquireTimeoutMs: e.DB_ACQUIRE_TIMEOUT_MS,
      statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionTimeoutMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      guard: e.DB_CONNECTION_GUARD ?? (e.NODE_ENV === 'test' ? 'throw' : 'warn'),
    },
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    sessionSecret: e.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    metricsToken: e.METRICS_TOKEN,
    worker: e.WORKER === 'on',
    uploadsDir: path.resolve(e.UPLOADS_DIR ?? path.join(dataDir, 'uploads')),
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          prefix: e.S3_PREFIX ? `${e.S3_PREFIX.replace(/\/+$/, '')}/` : '',
          region: e.S3_REGION ?? 'us-east-1',
          endpoint: e.S3_ENDPOINT,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    stripeApiUrl: e.STRIPE_API_URL,
    logLevel: e.LOG_LEVEL,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    rateLimits: {
      registrationsPerAddressPerHour:
        e.REGISTRATIONS_PER_ADDRESS_PER_HOUR ?? (e.NODE_ENV === 'test' ? 0 : DEFAULT_RATE_LIMITS.registrationsPerAddressPerHour),
      uploadsPerAccountPerHour:
        e.UPLOADS_PER_ACCOUNT_PER_HOUR ?? (e.NODE_ENV === 'test' ? 0 : DEFAULT_RATE_LIMITS.uploadsPerAccountPerHour),
      contactRequestsPerAddressPerHour:
        e.CONTACT_REQUESTS_PER_ADDRESS_PER_HOUR ??
        (e.NODE_ENV === 'test' ? 0 : DEFAULT_RATE_LIMITS.contactRequestsPerAddressPerHour),
    },
  };
}
