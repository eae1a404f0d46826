/**
 * Configuration from the environment, validated once at start-up. Every key has an embedded default so that
 * `npm start` works with no configuration at all (SQLite under <repo>/data, static files from <repo>/dist).
 */
import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Walk up from `start` until a directory holding `pnpm-workspace.yaml` is found (the monorepo root). */
export function findRepoRoot(start: string = process.cwd()): string {
  let dir = path.resolve(start);
  for (;;) {
    if (fs.existsSync(path.join(dir, 'pnpm-workspace.yaml'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return path.resolve(start);
    dir = parent;
  }
}

const optionalUrl = (protocols: readonly string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine(
      (v) => {
        if (v === undefined) return true;
        try {
          return protocols.includes(new URL(v).protocol);
        } catch {
          return false;
        }
      },
      { message: `must be a URL with one of the protocols ${protocols.join(', ')}` },
    );

/** The push services of today's browsers (Chrome, Edge, Firefox, Safari, Samsung Internet, Opera). */
export const DEFAULT_PUSH_HOSTS = [
  'fcm.googleapis.com',
  'push.services.mozilla.com',
  'push.apple.com',
  'notify.windows.com',
] as const;

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).optional(),
  STATIC_DIR: z.string().trim().min(1).optional(),
  DATABASE_URL: optionalUrl(['postgres:', 'postgresql:']),
  /** PostgreSQL schema (default public). */
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
    .optional(),
  REDIS_URL: optionalUrl(['redis:', 'rediss:']),
  SMTP_URL: optionalUrl(['smtp:', 'smtps:']),
  SMTP_FROM: z.string().trim().min(3).default('Meridian <no-reply@meridian.local>'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  SITE_TITLE: z.string().trim().min(1).max(100).default('Meridian'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** Session lifetime in hours. */
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 365)
    .default(24 * 30),
  /** How long a newly bound withdrawal method waits before it can receive a withdrawal (seconds; 24 h). */
  WITHDRAW_COOLING_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 24 * 3600)
    .default(24 * 3600),
  /** Multiplies every abuse limit (e.g. 10 for load tests or end-to-end runs from one IP); 1 in production. */
  RATE_LIMIT_SCALE: z.coerce.number().min(0.01).max(100000).default(1),
  /** Check every answer against its route's response schema (a drift answers 500); default: not in production. */
  CHECK_RESPONSES: z.enum(['true', 'false', '1', '0']).optional(),
  /** Browser origins allowed besides the API's own site (comma-separated `https://app.example.com`). */
  ALLOWED_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim().toLowerCase().replace(/\/+$/, ''))
        .filter(Boolean),
    ),
  /**
   * Scale-out (REDIS_URL): lifetime of the feed/engine lease in ms. A dead leader is replaced within about this
   * long (plus a third of it); a leader that cannot renew steps down before it ends.
   */
  LEASE_TTL_MS: z.coerce.number().int().min(1000).max(60_000).default(5000),
  /**
   * The release guard (docs/ops.md#automatic-abort-and-rollback): the sessions a canary (or a fresh release) needs
   * before the rule may stop it, the share of its sessions with a chunk-load failure that stops it, how often the
   * lease holder checks (at most 30 s, so a failing canary is stopped within a minute), and how long after a full
   * release the automatic rollback (when an admin turned it on) watches it.
   */
  CANARY_MIN_SESSIONS: z.coerce.number().int().min(1).max(1_000_000).default(20),
  CANARY_CHUNK_FAILURE_PERCENT: z.coerce.number().int().min(1).max(100).default(5),
  RELEASE_CHECK_SECONDS: z.coerce.number().int().min(1).max(30).default(15),
  RELEASE_WATCH_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 14)
    .default(24),
  /** An ops session ends after this many seconds without a call made by the person (30 minutes). */
  OPS_IDLE_SECONDS: z.coerce
    .number()
    .int()
    .min(20)
    .max(24 * 3600)
    .default(30 * 60),
  /** Behind a reverse proxy, trust X-Forwarded-For for the client IP (rate limits). */
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /**
   * Realtime socket limits that target abuse, not addresses (one IPv4 address may be a carrier's NAT with thousands
   * of phones): socket upgrades per client IP per minute on one node (times RATE_LIMIT_SCALE), signed-in sockets of
   * one session on one node (a trader's tabs), sockets of one IP on one node that are not signed in.
   */
  WS_CONNECTS_PER_IP_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(1200),
  WS_SOCKETS_PER_SESSION: z.coerce.number().int().min(1).max(1000).default(20),
  WS_ANONYMOUS_SOCKETS_PER_IP: z.coerce.number().int().min(1).max(1_000_000).default(5000),
  /**
   * Bearer token that opens GET /metrics from any address (loopback needs none). At least 24 characters without
   * spaces, so a guessable word is refused at start-up.
   */
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || /^\S{24,256}$/.test(v), {
      message: 'must be 24 to 256 characters without spaces',
    }),
  /**
   * Web Push (docs/ops.md#web-push): the VAPID key pair (base64url, as `web-push generate-vapid-keys` prints it), both
   * or neither; without them the keys are generated once and kept in the database (settings `push_vapid_keys`).
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || base64urlBytes(v, 65, 0x04), {
      message: 'must be a base64url P-256 public key (65 bytes)',
    }),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || base64urlBytes(v, 32), {
      message: 'must be a base64url P-256 private key (32 bytes)',
    }),
  /** Who runs this server, for the push services: `mailto:` or `https:`; default the SMTP_FROM address. */
  VAPID_SUBJECT: optionalUrl(['mailto:', 'https:']),
  /** Hosts (and their subdomains) a push subscription's endpoint may point at: the browsers' push services. */
  PUSH_ENDPOINT_HOSTS: z
    .string()
    .default(DEFAULT_PUSH_HOSTS.join(','))
    .transform((v) =>
      v
        .split(',')
        .map((h) => h.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((hosts) => hosts.every((h) => /^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$/.test(h)), {
      message: 'must be comma-separated host names',
    }),
});

/** Whether `v` is base64url of exactly `length` bytes (starting with `first` when given). */
function base64urlBytes(v: string, length: number, first?: number): boolean {
  if (!/^[A-Za-z0-9_-]+$/.test(v)) return false;
  const bytes = Buffer.from(v, 'base64url');
  return bytes.length === length && (first === undefined || bytes[0] === first);
}

export type Config = {
  port: number;
  host: string;
  repoRoot: string;
  dataDir: string;
  staticDir: string;
  localesDir: string;
  databaseUrl: string | undefined;
  /** PostgreSQL schema to use (tests isolate each run in its own schema); default `public`. */
  databaseSchema?: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  smtpFrom: string;
  nodeEnv: 'development' | 'production' | 'test';
  siteTitle: string;
  logLevel: string;
  sessionTtlHours: number;
  trustProxy: boolean;
  /** Browser origins allowed besides the API's own site (lib/origins.ts). */
  allowedOrigins: readonly string[];
  leaseTtlMs: number;
  rateLimitScale: number;
  /** Cooling period of a newly bound withdrawal method, ms. */
  withdrawCoolingMs: number;
  /** Answers are checked against their route's response schema (tests and development). */
  checkResponses: boolean;
  /** Realtime socket limits (docs/ops.md#realtime-socket-limits). */
  wsConnectsPerIpPerMinute: number;
  wsSocketsPerSession: number;
  wsAnonymousSocketsPerIp: number;
  /** An ops session ends after this long without a call made by the person, ms (OPS_IDLE_TIMEOUT_MS by default). */
  opsIdleMs: number;
  /** Bearer token for GET /metrics from other addresses than loopback; none: loopback only. */
  metricsToken?: string | undefined;
  /** The release guard: its rule's configurable figures, its check interval and the rollback watch (ms). */
  canaryMinSessions: number;
  canaryChunkFailurePercent: number;
  releaseCheckMs: number;
  releaseWatchMs: number;
  /** Web Push: configured VAPID keys (else kept in the database), the subject, the push services' hosts. */
  vapidPublicKey: string | undefined;
  vapidPrivateKey: string | undefined;
  vapidSubject: string;
  pushEndpointHosts: readonly string[];
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Parse and validate the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (!e.VAPID_PUBLIC_KEY !== !e.VAPID_PRIVATE_KEY)
    throw new ConfigError(
      'Invalid configuration:\n  VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY: set both (a key pair) or neither',
    );
  const repoRoot = findRepoRoot();
  const config: Config = {
    port: e.PORT,
    host: e.HOST,
    repoRoot,
    dataDir: path.resolve(repoRoot, e.DATA_DIR ?? 'data'),
    staticDir: path.resolve(repoRoot, e.STATIC_DIR ?? 'dist'),
    localesDir: path.join(repoRoot, 'locales'),
    databaseUrl: e.DATABASE_URL,
    databaseSchema: e.DATABASE_SCHEMA,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    nodeEnv: e.NODE_ENV,
    siteTitle: e.SITE_TITLE,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    sessionTtlHours: e.SESSION_TTL_HOURS,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS,
    leaseTtlMs: e.LEASE_TTL_MS,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    withdrawCoolingMs: e.WITHDRAW_COOLING_SECONDS * 1000,
    opsIdleMs: e.OPS_IDLE_SECONDS * 1000,
    checkResponses:
      e.CHECK_RESPONSES === undefined
        ? e.NODE_ENV !== 'production'
        : e.CHECK_RESPONSES === 'true' || e.CHECK_RESPONSES === '1',
    wsConnectsPerIpPerMinute: e.WS_CONNECTS_PER_IP_PER_MINUTE,
    wsSocketsPerSession: e.WS_SOCKETS_PER_SESSION,
    wsAnonymousSocketsPerIp: e.WS_ANONYMOUS_SOCKETS_PER_IP,
    metricsToken: e.METRICS_TOKEN,
    canaryMinSessions: e.CANARY_MIN_SESSIONS,
    canaryChunkFailurePercent: e.CANARY_CHUNK_FAILURE_PERCENT,
    releaseCheckMs: e.RELEASE_CHECK_SECONDS * 1000,
    releaseWatchMs: e.RELEASE_WATCH_HOURS * 3_600_000,
    vapidPublicKey: e.VAPID_PUBLIC_KEY || undefined,
    vapidPrivateKey: e.VAPID_PRIVATE_KEY || undefined,
    vapidSubject: e.VAPID_SUBJECT ?? `mailto:${addressOf(e.SMTP_FROM)}`,
    pushEndpointHosts: e.PUSH_ENDPOINT_HOSTS,
  };
  return { ...config, ...overrides };
}

/** The bare address of `Name <a@b.c>` (or the text itself). */
function addressOf(from: string): string {
  return /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();
}

/** Passwords that are no secret (in a database, Redis or SMTP URL). */
const WELL_KNOWN_PASSWORDS = new Set([
  '',
  'postgres',
  'password',
  'secret',
  'changeme',
  'admin',
  'root',
  'redis',
  'test',
]);

function weakUrlPassword(url: string | undefined): boolean {
  if (!url) return false;
  try {
    const u = new URL(url);
    return u.username !== '' && WELL_KNOWN_PASSWORDS.has(decodeURIComponent(u.password).toLowerCase());
  } catch {
    return false;
  }
}

/**
 * Settings that are fine on a laptop but unsafe in production; `npm start` with NODE_ENV=production refuses to start
 * while any is present, naming each (main.ts).
 */
export function unsafeForProduction(c: Config): string[] {
  if (c.nodeEnv !== 'production') return [];
  const problems: string[] = [];
  if (!c.smtpUrl)
    problems.push('SMTP_URL is not set: e-mail (with live codes) would be kept in the development outbox');
  if (c.rateLimitScale > 1)
    problems.push(`RATE_LIMIT_SCALE is ${c.rateLimitScale}: the abuse limits would be loosened`);
  if (c.checkResponses)
    problems.push('CHECK_RESPONSES is on: a contract drift would answer 500 with the schema in the message');
  if (c.logLevel === 'debug' || c.logLevel === 'trace')
    problems.push(`LOG_LEVEL is ${c.logLevel}: too verbose for production`);
  if (weakUrlPassword(c.databaseUrl)) problems.push('DATABASE_URL uses a default or empty password');
  if (weakUrlPassword(c.redisUrl)) problems.push('REDIS_URL uses a default or empty password');
  if (weakUrlPassword(c.smtpUrl)) problems.push('SMTP_URL uses a default or empty password');
  return problems;
}
