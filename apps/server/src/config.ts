import { isIP } from 'node:net';
import { z } from 'zod';
import { ConfigError } from './errors.ts';
import type { S3Settings } from './lib/file-store.ts';

const bool01 = z
  .enum(['0', '1', 'true', 'false'])
  .transform((v) => v === '1' || v === 'true')
  .optional();

const isAddressOrCidr = (entry: string) => {
  const [addr = '', bits, ...rest] = entry.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
};

/**
 * Which proxies may name the client (Fastify's `trustProxy`): `0` none; a number n, the n
 * nearest hops (the client is the n-th `X-Forwarded-For` entry from the right); or a
 * comma-separated list of proxy addresses and CIDR ranges. "Trust every hop" is refused: the
 * client writes the leftmost entries itself and would choose its own address.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): number | string[] | false => {
    if (v === '0' || v === 'false') return false;
    if (/^\d{1,2}$/.test(v)) return Number(v);
    const list = v
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    if (list.length && list.every(isAddressOrCidr)) return list;
    ctx.addIssue({
      code: 'custom',
      message: 'must be 0, a hop count (1, 2, …) or a comma-separated list of proxy addresses/CIDR ranges',
    });
    return z.NEVER;
  })
  .optional();

const int = (def: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(def);

/** The environment of DESIGN.md section 3, parsed by one zod schema. */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(3000, 0, 65535),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  APP_URL: z.url({ protocol: /^https?$/ }).optional(),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('E-Learning <no-reply@localhost>'),
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(test|live)_\w+$/, 'must look like test_… or live_…')
    .optional(),
  MOLLIE_API_ENDPOINT: z.url().optional(),
  CURRENCY: z
    .string()
    .regex(/^[A-Z]{3}$/, 'must be a three-letter ISO currency code')
    .default('CHF'),
  MAX_VIDEO_MB: int(2048, 1, 1_000_000),
  MAX_DOC_MB: int(50, 1, 100_000),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'must be 1–64 letters, digits or : . - _')
    .default('elearn:'),
  MATOMO_URL: z.url({ protocol: /^https?$/ }).optional(),
  MATOMO_SITE_ID: z.string().regex(/^\d+$/, 'must be a number').optional(),
  DEMO_DATA: bool01,
  /** unset: `info` in production, `warn` otherwise (npm start shows its address and logins, not a log) */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  SESSION_IDLE_MINUTES: int(120, 1, 60 * 24 * 30),
  SESSION_ABSOLUTE_HOURS: int(12, 1, 24 * 365),
  TRUST_PROXY: trustProxy,
  /** bearer token of GET /metrics (Prometheus); unset = no metrics route */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** PostgreSQL: longest statement (a stall or a held lock) and longest wait for a pool connection */
  DB_STATEMENT_TIMEOUT_MS: int(10_000, 100, 3_600_000),
  DB_POOL_WAIT_MS: int(5000, 50, 600_000),
  /** object storage (issue 15): every stored file goes to this bucket instead of DATA_DIR/uploads */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name: 3 to 63 lowercase letters, digits, dots or hyphens',
    )
    .optional(),
  /** base URL of a non-AWS store (MinIO, Ceph, R2, …); unset = AWS */
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional(),
  /** `1`: https://endpoint/bucket/key instead of https://bucket.endpoint/key (most non-AWS stores) */
  S3_FORCE_PATH_STYLE: bool01,
  /** a key prefix inside the bucket (`elearn/`), for a bucket shared with other data */
  S3_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9!_.*'()-]+(\/[A-Za-z0-9!_.*'()-]+)*\/?$/,
      'must be a key prefix such as elearn/ (no leading /)',
    )
    .optional(),
  AWS_REGION: z
    .string()
    .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as eu-central-1')
    .optional(),
  AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
  AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** `0`: this instance queues background jobs (mails) but runs none; other instances run them */
  JOB_WORKERS: bool01,
  /** multiplies every rate limit; only for benchmarks and load tests */
  RATE_LIMIT_FACTOR: z.coerce.number().min(1).max(100_000).default(1),
  /** how long a page rendered for a guest is kept (ms; 0 = never kept) */
  GUEST_PAGE_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(10_000),
});

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  /** `memory://` keeps PGlite in memory (tests) */
  dataDir: string;
  /**
   * tests only: a tar file of a migrated PGlite data directory (`dumpDataDir`) that an in-memory
   * database starts from instead of applying every migration (src/test/pglite-snapshot.ts)
   */
  pgliteSnapshot?: string;
  databaseUrl?: string;
  appUrl: string;
  /**
   * development without APP_URL: the absolute URLs a browser is sent to (the test checkout and its
   * return) keep the address it came by, if that is one of this machine's (plugins/request-origin.ts)
   */
  appUrlFollowsRequest: boolean;
  sessionSecret: string;
  smtpUrl?: string;
  mailFrom: string;
  mollieApiKey?: string;
  mollieApiEndpoint?: string;
  currency: string;
  maxVideoMb: number;
  maxDocMb: number;
  redisUrl?: string;
  /** prefix of every Redis key, so that several deployments (or test runs) share one Redis */
  redisKeyPrefix: string;
  matomo: { url: string; siteId: string } | null;
  demoData: boolean;
  logLevel: NonNullable<Env['LOG_LEVEL']>;
  sessionIdleMinutes: number;
  sessionAbsoluteHours: number;
  /** Fastify `trustProxy`: false, a hop count or the proxies' addresses/CIDR ranges */
  trustProxy: false | number | string[];
  /** directory of the built web app; null = do not serve it */
  webDist: string | null;
  /** how long a page rendered for a guest is kept, dropped on every instance at a change (0 = off) */
  guestPageCacheMs: number;
  /** bearer token of GET /metrics; undefined = metrics off */
  metricsToken?: string;
  /** multiplies every rate limit (the bench raises limits so that 429s do not count as errors) */
  rateLimitFactor: number;
  /** PostgreSQL statement_timeout; a statement running longer answers 503 */
  dbStatementTimeoutMs: number;
  /** how long a request waits for a free PostgreSQL connection before it answers 503 */
  dbPoolWaitMs: number;
  /** a non-upload request must have sent its whole body within this time (ms) */
  bodyTimeoutMs: number;
  /** object storage for every stored file; undefined = DATA_DIR/uploads on local disk */
  s3?: S3Settings;
  /** this instance runs the job queue's workers, schedules and maintenance (JOB_WORKERS, default on) */
  jobWorkers: boolean;
  /** how often an idle worker looks for a job, seconds (2; tests 0.5) */
  jobPollingSeconds: number;
  /** seconds before a failed mail is sent again, doubled with every attempt (10; tests 1) */
  mailRetrySeconds: number;
  /**
   * the queue's schedules (the sweeps) fire and its maintenance runs where workers run (on; tests
   * off: they run a sweep themselves, on their own clock)
   */
  jobSchedules: boolean;
}

export { ConfigError } from './errors.ts';

/** Parses the environment; throws a {@link ConfigError} listing every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
  // rules across variables, checked even when others are bad so that one message lists all
  if (cleaned.NODE_ENV === 'production' && !cleaned.SESSION_SECRET) {
    problems.push('SESSION_SECRET: is required in production');
  }
  if (cleaned.MATOMO_URL && !cleaned.MATOMO_SITE_ID) {
    problems.push('MATOMO_SITE_ID: is required when MATOMO_URL is set');
  }
  if (!cleaned.S3_BUCKET) {
    for (const name of ['S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'])
      if (cleaned[name]) problems.push(`${name}: is only used with S3_BUCKET, which is not set`);
  }
  if (cleaned.S3_BUCKET && !cleaned.AWS_ACCESS_KEY_ID !== !cleaned.AWS_SECRET_ACCESS_KEY) {
    problems.push(
      cleaned.AWS_ACCESS_KEY_ID
        ? 'AWS_SECRET_ACCESS_KEY: is required when AWS_ACCESS_KEY_ID is set'
        : 'AWS_ACCESS_KEY_ID: is required when AWS_SECRET_ACCESS_KEY is set',
    );
  }
  if (!parsed.success || problems.length) throw new ConfigError(problems);
  return parsed.data;
}

export function configFromEnv(env: Env, extra: Partial<AppConfig> = {}): AppConfig {
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    appUrlFollowsRequest: env.NODE_ENV === 'development' && !env.APP_URL,
    sessionSecret: env.SESSION_SECRET ?? 'dev-only-secret-change-me-dev-only-secret',
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mollieApiKey: env.MOLLIE_API_KEY,
    mollieApiEndpoint: env.MOLLIE_API_ENDPOINT,
    currency: env.CURRENCY,
    maxVideoMb: env.MAX_VIDEO_MB,
    maxDocMb: env.MAX_DOC_MB,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    matomo: env.MATOMO_URL && env.MATOMO_SITE_ID ? { url: env.MATOMO_URL, siteId: env.MATOMO_SITE_ID } : null,
    demoData: env.DEMO_DATA ?? env.NODE_ENV !== 'production',
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'production' ? 'info' : 'warn'),
    sessionIdleMinutes: env.SESSION_IDLE_MINUTES,
    sessionAbsoluteHours: env.SESSION_ABSOLUTE_HOURS,
    trustProxy: env.TRUST_PROXY ?? false,
    webDist: null,
    guestPageCacheMs: env.GUEST_PAGE_CACHE_MS,
    rateLimitFactor: env.RATE_LIMIT_FACTOR,
    metricsToken: env.METRICS_TOKEN,
    dbStatementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    dbPoolWaitMs: env.DB_POOL_WAIT_MS,
    bodyTimeoutMs: 30_000,
    s3: s3FromEnv(env),
    jobWorkers: env.JOB_WORKERS ?? true,
    jobPollingSeconds: 2,
    mailRetrySeconds: 10,
    jobSchedules: true,
    ...extra,
  };
}

/** The bucket settings when `S3_BUCKET` is set; credentials from the SDK's chain when not given. */
function s3FromEnv(env: Env): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined;
  const prefix = env.S3_PREFIX ? env.S3_PREFIX.replace(/\/?$/, '/') : '';
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
    region: env.AWS_REGION ?? 'us-east-1',
    prefix,
    credentials:
      env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
        ? { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY }
        : undefined,
  };
}

/** A config for tests: in-memory PGlite, no web app, quiet logs. */
export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return configFromEnv(loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }), {
    dataDir: 'memory://',
    appUrl: 'http://localhost:3000',
    sessionSecret: 'test-secret-test-secret-test-secret-000',
    demoData: false,
    jobPollingSeconds: 0.5,
    mailRetrySeconds: 1,
    jobSchedules: false,
    ...(process.env.TEST_PGLITE_SNAPSHOT ? { pgliteSnapshot: process.env.TEST_PGLITE_SNAPSHOT } : {}),
    // a test app's own Redis keys: counters of earlier runs in a shared Redis never throttle it
    redisKeyPrefix: `elearn-test-${process.pid}-${Math.random().toString(36).slice(2, 8)}:`,
    ...overrides,
  });
}
