import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import { z } from 'zod';

/** Addresses, CIDR ranges and proxy-addr's names, comma-separated (what Fastify's trustProxy takes as a string). */
const isProxyList = (value: string) =>
  value.split(',').every((item) => {
    const [address, bits, extra] = item.trim().split('/');
    if (extra !== undefined || !address) return false;
    if (['loopback', 'linklocal', 'uniquelocal'].includes(address)) return bits === undefined;
    const family = isIP(address);
    return (
      family !== 0 &&
      (bits === undefined || (/^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)))
    );
  });

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    /**
     * Proxies in front of the server whose X-Forwarded-For is trusted: a hop count (the nearest N; the server must then be
     * reachable only through them), addresses or CIDR ranges, comma-separated (for example `10.0.0.0/8,loopback`), or
     * 'true' for any (unsafe on the open internet).
     */
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((v) =>
        v === 'true' ? true : v === 'false' ? false : /^\d+$/.test(v.trim()) ? Number(v) : v.trim(),
      )
      .pipe(
        z.union([
          z.boolean(),
          z.number().int().min(0),
          z
            .string()
            .refine(
              isProxyList,
              'TRUST_PROXY must be true, false, a hop count, or addresses and CIDR ranges (or loopback, linklocal, uniquelocal), comma-separated',
            ),
        ]),
      ),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().url().optional(),
    JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
    ACCESS_TOKEN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .positive()
      .default(15 * 60),
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().positive().default(14),
    /** A session's absolute lifetime from login: refreshing never extends it. */
    SESSION_MAX_AGE_DAYS: z.coerce.number().int().positive().default(30),
    BCRYPT_COST: z.coerce.number().int().min(4).max(15).default(12),
    PUBLIC_URL: z.string().url().optional(),
    API_BASE_URL: z.string().optional(),
    CORS_ORIGINS: z.string().optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST_DIR: z.string().optional(),
    ADMIN_EMAIL: z.string().email().default('admin@lexserve.co.za'),
    ADMIN_PASSWORD: z.string().min(8).optional(),
    SEED_DEMO: z.enum(['true', 'false']).default('true'),
    DEMO_PASSWORD: z.string().min(8).default('Demo@12345'),
    LOGIN_RATE_LIMIT: z.coerce.number().int().positive().default(10),
    PUBLIC_RATE_LIMIT: z.coerce.number().int().positive().default(20),
    /** Payment notifications (POST /payments/notify) per client address per minute; PayFast's own addresses are exempt. */
    ITN_RATE_LIMIT: z.coerce.number().int().positive().default(30),
    /** Seconds a client has to send a whole request, body included (a 100 MB upload at about 2.7 Mbit/s). */
    HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(300),
    /** Seconds a connection may stay silent (a stalled upload, a hung client) before it is closed. */
    HTTP_IDLE_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('LexServe <no-reply@lexserve.co.za>'),
    /** Without SMTP: write every e-mail as a JSON file in this folder (a demo's or a test's mail catcher). */
    MAIL_FILE_DIR: z.string().optional(),
    /** Public verification checks per client address per minute. */
    VERIFY_RATE_LIMIT: z.coerce.number().int().positive().default(60),
    /** Days a served document's DSA download link stays valid. */
    DELIVERY_LINK_TTL_DAYS: z.coerce.number().int().positive().default(14),
    /** LibreOffice for converting Word files in bundles: a path, or 'off' to refuse Word files; unset: soffice on the PATH. */
    SOFFICE_PATH: z.string().optional(),
    /** Limits of the PDF worker that opens users' PDFs (bundles); see docs/decisions.md, "Hostile PDFs". Pages in one bundle. */
    PDF_MAX_PAGES: z.coerce.number().int().positive().default(2000),
    /** MB one PDF may inflate to while it is read (its compressed object and cross-reference streams): decompression bombs. */
    PDF_MAX_INFLATED_MB: z.coerce.number().positive().default(128),
    /** MB of the files of one bundle together (what the worker holds beside its heap). */
    PDF_MAX_BUNDLE_MB: z.coerce.number().positive().default(250),
    /** The PDF worker's JavaScript heap, MB. */
    PDF_WORKER_MEMORY_MB: z.coerce.number().int().min(16).default(512),
    /** Seconds the PDF worker may work on one bundle before it is stopped. */
    PDF_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
    /** PDF workers at once (each takes a core while it works); more bundles wait in a short queue. */
    PDF_WORKERS: z.coerce.number().int().positive().default(2),
    /** Seconds between two looks at the jobs table for due jobs (each process looks; a due job is run by one). */
    JOB_POLL_SECONDS: z.coerce.number().positive().default(30),
    /**
     * Redis (redis://host:port) for the rate limits and the login throttle shared by every process; unset: the database
     * counts them (table rate_counters).
     */
    REDIS_URL: z
      .string()
      .url()
      .refine((u) => /^rediss?:\/\//i.test(u), 'REDIS_URL must be a redis:// or rediss:// URL')
      .optional(),
    S3_BUCKET: z.string().optional(),
    S3_REGION: z.string().default('af-south-1'),
    S3_ENDPOINT: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** The document seal's key and certificate chain (PKCS #12); unset: a local CA and seal made in DATA_DIR/seal. */
    SEAL_P12_PATH: z.string().min(1).optional(),
    SEAL_P12_PASSPHRASE: z.string().optional(),
    /** An RFC 3161 time-stamping authority (http or https); unset: the built-in one, served at /api/v1/tsa. */
    TSA_URL: z
      .string()
      .url()
      .refine((u) => /^https?:\/\//i.test(u), 'TSA_URL must be an http or https URL')
      .optional(),
    /** Requests to the built-in time-stamping authority per client address per minute. */
    TSA_RATE_LIMIT: z.coerce.number().int().positive().default(60),
    /**
     * Webhook endpoints may be on private, loopback or link-local addresses and plain http (the demo start sets it, so a
     * receiver on the same machine works). Off by default: an endpoint must be a public https address (SSRF guard).
     */
    WEBHOOK_ALLOW_PRIVATE_TARGETS: z.enum(['true', 'false']).default('false'),
    PAYMENT_PROVIDER: z.enum(['simulator', 'payfast']).default('simulator'),
    PAYFAST_MODE: z.enum(['sandbox', 'live']).default('sandbox'),
    PAYFAST_MERCHANT_ID: z.string().optional(),
    PAYFAST_MERCHANT_KEY: z.string().optional(),
    PAYFAST_PASSPHRASE: z.string().optional(),
  })
  .refine((env) => env.SEAL_P12_PASSPHRASE === undefined || env.SEAL_P12_PATH, {
    message: 'SEAL_P12_PASSPHRASE is set but SEAL_P12_PATH is not',
    path: ['SEAL_P12_PATH'],
  });

export type Env = z.infer<typeof EnvSchema> & { JWT_SECRET: string; DATA_DIR: string; PUBLIC_URL: string };

/** Parses and checks the configuration once at start-up; fails fast with every problem listed. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Env> = {}): Env {
  const parsed = EnvSchema.safeParse({ ...source, ...overrides });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${problems}`);
  }
  const env = { ...parsed.data, ...overrides };
  const dataDir = resolve(env.DATA_DIR);
  return {
    ...env,
    DATA_DIR: dataDir,
    JWT_SECRET: env.JWT_SECRET ?? embeddedSecret(dataDir),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  } as Env;
}

/** In the embedded mode a secret is generated once and kept in the data directory. */
function embeddedSecret(dataDir: string): string {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The demo password everyone can read in the README: never a production administrator's password. */
const PUBLIC_DEMO_PASSWORD = 'Demo@12345';

/** A demo start (SEED_DEMO=true, the default): sample data and the payment simulator; not for real cases. */
export const isDemo = (env: Pick<Env, 'SEED_DEMO'>): boolean => env.SEED_DEMO !== 'false';

/**
 * What stops a production start (SEED_DEMO=false), one line per variable to set; empty for a demo start. A
 * production start must not hand out subscriptions (the simulator), must not keep a public administrator password,
 * and must be reached over https (links in e-mails, payment return URLs, QR codes on proofs).
 */
export function productionProblems(env: Env): string[] {
  if (isDemo(env)) return [];
  const problems: string[] = [];
  if (env.PAYMENT_PROVIDER === 'simulator') {
    problems.push(
      'PAYMENT_PROVIDER: set PAYMENT_PROVIDER=payfast (the built-in payment simulator grants subscriptions without payment; it is for the demo only)',
    );
  } else {
    for (const name of ['PAYFAST_MERCHANT_ID', 'PAYFAST_MERCHANT_KEY', 'PAYFAST_PASSPHRASE'] as const) {
      if (!env[name]?.trim())
        problems.push(
          `${name}: set ${name} to the value of your PayFast account (PayFast needs a passphrase for subscriptions)`,
        );
    }
  }
  if (!env.ADMIN_PASSWORD) {
    problems.push(
      "ADMIN_PASSWORD: set ADMIN_PASSWORD to the system administrator's first password (at least 12 characters)",
    );
  } else if (
    env.ADMIN_PASSWORD.length < 12 ||
    env.ADMIN_PASSWORD === PUBLIC_DEMO_PASSWORD ||
    env.ADMIN_PASSWORD === env.DEMO_PASSWORD
  ) {
    problems.push(
      'ADMIN_PASSWORD: set ADMIN_PASSWORD to a password of at least 12 characters that is not the demo password',
    );
  }
  if (new URL(env.PUBLIC_URL).protocol !== 'https:') {
    problems.push(
      'PUBLIC_URL: set PUBLIC_URL to the https:// address users reach LexServe at (e.g. https://app.lexserve.co.za)',
    );
  }
  return problems;
}

/** Throws, listing every variable to set, when a production start is not safe (see `productionProblems`). */
export function assertProductionReady(env: Env): void {
  const problems = productionProblems(env);
  if (problems.length) {
    throw new Error(
      `Refusing a production start (SEED_DEMO=false):\n${problems.map((p) => `  ${p}`).join('\n')}\n` +
        'For the demo with sample data and the payment simulator, leave SEED_DEMO unset. See docs/operations.md.',
    );
  }
}
