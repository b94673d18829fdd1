import { existsSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { defaultDemoAccounts, DEFAULT_DEMO_PASSWORD } from '../contract/demo.ts';
import { languages } from '../contract/auth.ts';
import { SAMPLE_MESSAGES_PER_PLATFORM } from '../contract/messages.ts';

const MAX_SAMPLE_MESSAGES_PER_PLATFORM = 10_000;

const booleanFromString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

type DemoAccountSetting = { email: string; language: (typeof languages)[number] };

const demoAccountsFromString = z.string().transform((value, ctx) => {
  const accounts: DemoAccountSetting[] = [];
  if (value.trim() === 'none') return accounts;
  for (const entry of value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const [email = '', language = 'en'] = entry.split(':');
    const parsedEmail = z.email().safeParse(email.trim().toLowerCase());
    const parsedLanguage = z.enum(languages).safeParse(language.trim());
    if (!parsedEmail.success || !parsedLanguage.success) {
      ctx.addIssue({ code: 'custom', message: `"${entry}" is not of the form email:en or email:jp` });
      return z.NEVER;
    }
    accounts.push({ email: parsedEmail.data, language: parsedLanguage.data });
  }
  return accounts;
});

const emailListFromString = z.string().transform((value, ctx) => {
  const emails = value
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  for (const email of emails) {
    if (!z.email().safeParse(email).success) {
      ctx.addIssue({ code: 'custom', message: `"${email}" is not an email address` });
      return z.NEVER;
    }
  }
  return emails;
});

const tokenEncryptionKey = z
  .string()
  .regex(/^[A-Za-z0-9+/]{43}=$/, 'must be 32 bytes encoded as base64 (44 characters)');

/** CSP host sources: a scheme, a host (optionally `*.` in front) and a port, nothing that could add a directive. */
const CSP_HOST_SOURCE = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;
const cspHostListFromString = z.string().transform((value, ctx) => {
  const hosts = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  for (const host of hosts) {
    if (!CSP_HOST_SOURCE.test(host)) {
      ctx.addIssue({ code: 'custom', message: `"${host}" is not a host like https://avatars.example.com` });
      return z.NEVER;
    }
  }
  return hosts;
});

/** Where Slack (its CDN, and Gravatar for default pictures) and ChatWork serve profile pictures from. */
export const DEFAULT_AVATAR_HOSTS = [
  'https://*.slack-edge.com',
  'https://secure.gravatar.com',
  'https://appdata.chatwork.com',
];

/** The push services of Chrome and Edge, Firefox, Safari and Windows (decision 159). */
export const DEFAULT_PUSH_SERVICE_ORIGINS = [
  'https://fcm.googleapis.com',
  'https://*.push.services.mozilla.com',
  'https://*.push.apple.com',
  'https://*.notify.windows.com',
];

/** Every setting the server reads. README.md and .env.example document each one. */
export const settingsSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url().optional(),
  /** Several instances share caches, call budgets, rate limits and session revocations here (issue 16). */
  REDIS_URL: z.url().optional(),
  /** Starts every Redis key and channel of this deployment, so deployments can share one Redis. */
  REDIS_KEY_PREFIX: z.string().min(1).max(100).default('matome:'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_ENCRYPTION_KEY: tokenEncryptionKey.optional(),
  /**
   * Several token-encryption keys, comma-separated, newest first: the first seals new provider tokens, every one
   * opens tokens sealed under it (key rotation, decision 076).
   */
  TOKEN_ENCRYPTION_KEYS: z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(tokenEncryptionKey).min(1))
    .optional(),
  DEMO_ACCOUNTS: demoAccountsFromString.prefault(
    defaultDemoAccounts.map(({ email, language }) => `${email}:${language}`).join(','),
  ),
  DEMO_PASSWORD: z.string().min(1).default(DEFAULT_DEMO_PASSWORD),
  TEST_MODE_EMAILS: emailListFromString.prefault(''),
  SAMPLE_MESSAGES_PER_PLATFORM: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_SAMPLE_MESSAGES_PER_PLATFORM)
    .default(SAMPLE_MESSAGES_PER_PLATFORM),
  /** Sign-ups allowed per client address per hour; the sandbox raises it for people trying many accounts. */
  REGISTRATIONS_PER_HOUR: z.coerce.number().int().min(1).max(100_000).default(10),
  TRUST_PROXY: booleanFromString.prefault('false'),
  /** How long a client may take to send a request's headers, and the whole request, before it gets 408. */
  HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /**
   * Stopping (SIGTERM, SIGINT): GET /api/health/ready answers 503 at once, the instance keeps serving for
   * SHUTDOWN_DRAIN_MS so a load balancer sees it and stops sending, then closes; the process is stopped regardless
   * once SHUTDOWN_GRACE_MS have passed since the signal (decision 161).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).default(0),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1_000).max(600_000).default(25_000),
  /** How often the hides of ended demo sign-ins (decision 030) and long-woken snoozes (decision 153) are deleted, in seconds. */
  DEMO_HIDES_SWEEP_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(7 * 24 * 60 * 60)
    .default(60 * 60),
  /** How often the morning digest job looks for people whose digest time has come, in seconds (decision 160). */
  DIGEST_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Hosts the page may load avatars from (the Content-Security-Policy's img-src), comma-separated. */
  AVATAR_HOSTS: cspHostListFromString.prefault(DEFAULT_AVATAR_HOSTS.join(',')),
  /** Serve the API docs (/api/docs); unset means on except when NODE_ENV=production. */
  API_DOCS: booleanFromString.optional(),
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  /**
   * Where browsers reach this app; OAuth redirect URIs, e-mailed links and the return to the dashboard are built
   * from it. Unset: this machine on PORT (see loadSettings).
   */
  PUBLIC_URL: z.url().transform((value) => value.replace(/\/+$/, '')),
  SLACK_CLIENT_ID: z.string().min(1).optional(),
  SLACK_CLIENT_SECRET: z.string().min(1).optional(),
  SLACK_API_URL: z.url().default('https://slack.com/api'),
  /** A comment line on each open event stream this often, so proxies and browsers keep it open. */
  LIVE_HEARTBEAT_SECONDS: z.coerce.number().int().positive().default(20),
  /** An event stream closes after this long and the browser opens a new one with a new ticket. */
  LIVE_STREAM_MAX_SECONDS: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60),
  /** Verifies requests to the Events API endpoint; unset, the endpoint refuses every request. */
  SLACK_SIGNING_SECRET: z.string().min(1).optional(),
  /**
   * An app-level token (`xapp-…`) with `authorizations:read`: with it, an event in a private channel, DM or group DM
   * reaches every connected member who can see it at once (`apps.event.authorizations.list`); without it, the
   * member Slack named and the others at their next search.
   */
  SLACK_APP_TOKEN: z.string().min(1).optional(),
  SLACK_AUTHORIZE_URL: z.url().default('https://slack.com/oauth/v2/authorize'),
  CHATWORK_CLIENT_ID: z.string().min(1).optional(),
  CHATWORK_CLIENT_SECRET: z.string().min(1).optional(),
  CHATWORK_API_URL: z.url().default('https://api.chatwork.com/v2'),
  CHATWORK_AUTHORIZE_URL: z.url().default('https://www.chatwork.com/packages/oauth2/login.php'),
  CHATWORK_TOKEN_URL: z.url().default('https://oauth.chatwork.com/token'),
  /** Stripe Billing (decision 110): without the secret key, webhook secret and both prices, paying is off. */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_/, 'must be a Stripe secret key')
    .optional(),
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_/, 'must be a Stripe publishable key')
    .optional(),
  STRIPE_WEBHOOK_SECRET: z.string().startsWith('whsec_').optional(),
  STRIPE_PRICE_PRO: z.string().startsWith('price_').optional(),
  STRIPE_PRICE_PROPLUS: z.string().startsWith('price_').optional(),
  /** Where the `stripe` SDK sends its calls; the sandbox and tests point it at the Stripe emulator. */
  STRIPE_API_HOST: z.string().min(1).default('api.stripe.com'),
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).default(443),
  STRIPE_API_PROTOCOL: z.enum(['https', 'http']).default('https'),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  GOOGLE_ACCOUNTS_BASE: z.url().default('https://accounts.google.com'),
  GOOGLE_OAUTH2_BASE: z.url().default('https://oauth2.googleapis.com'),
  GOOGLE_OIDC_BASE: z.url().default('https://openidconnect.googleapis.com'),
  GOOGLE_API_BASE: z.url().default('https://www.googleapis.com'),
  GOOGLE_TASKS_BASE: z.url().default('https://tasks.googleapis.com'),
  /** SPEC §6's plan gates (Calendar is Pro); off while the product is free during the beta. */
  PLAN_GATES: booleanFromString.default(false),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_OAUTH_BASE: z.url().default('https://github.com'),
  GITHUB_API_BASE: z.url().default('https://api.github.com'),
  /**
   * The SMTP server for account e-mails (confirmation, password reset), as a nodemailer URL such as
   * `smtps://user:pass@smtp.example.com:465`. Unset: development logs each e-mail, production sends none.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL')
    .optional(),
  /** The sender of account e-mails; by default no-reply at the host of PUBLIC_URL. */
  MAIL_FROM: z.string().min(3).optional(),
  /**
   * A reverse-geocoding service (`GET ?latitude&longitude&localityLanguage`, answering `countryCode`) that picks the
   * first visit's language from the visitor's location when they already granted it. Unset: no location is used.
   */
  REVERSE_GEOCODING_URL: z.url().optional(),
  /** Where the contact page's e-mails and the legal notice point; by default support at the host of PUBLIC_URL. */
  SUPPORT_EMAIL: z.email().optional(),
  /**
   * Web Push (decision 159): the VAPID key pair that signs every push, as web-push's `generateVAPIDKeys` gives them
   * (base64url: a 65-byte public P-256 point and a 32-byte private scalar). Unset: generated once into DATA_DIR like
   * JWT_SECRET. Changing them invalidates every device's subscription.
   */
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'must be a base64url P-256 public key (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'must be a base64url P-256 private key (43 characters)')
    .optional(),
  /** Who push services may contact about this sender: mailto: or https:. Unset: mailto: the SUPPORT_EMAIL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/[^\s]+)$/, 'must be a mailto: address or an https: URL')
    .optional(),
  /**
   * The push services a device's subscription may point at, comma-separated, as https origins (`*.` allowed in
   * front); plain http only for this machine (the sandbox's push emulator). A subscription elsewhere is refused, so
   * the server never posts to an address a visitor chose.
   */
  PUSH_SERVICE_ORIGINS: cspHostListFromString.prefault(DEFAULT_PUSH_SERVICE_ORIGINS.join(',')),
  /** How long one call to Slack or ChatWork may take before that account reports a timeout. */
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /**
   * Turns metrics on (decision 162): `GET /metrics` in Prometheus' format for requests with
   * `Authorization: Bearer <METRICS_TOKEN>`. Unset: metrics are off and `/metrics` answers 404.
   */
  METRICS_TOKEN: z
    .string()
    .min(24, 'must be at least 24 characters (openssl rand -hex 32)')
    .max(512)
    .regex(/^[\x21-\x7e]+$/, 'must be printable characters without spaces')
    .optional(),
  /** Serves `/metrics` on this port instead of beside the app (and from a worker); needs METRICS_TOKEN. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * A worker (`npm run worker`) answers `/api/health/live` and `/api/health/ready` on this port, on HOST, for an
   * orchestrator's probes (decision 163). Unset: a worker listens on no port for them.
   */
  WORKER_HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
});

/** Whether an address is on this machine (localhost, 127.0.0.0/8, ::1). */
export function isLoopbackUrl(address: string): boolean {
  const host = new URL(address).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The settings, and the rules between them. */
const checkedSettingsSchema = settingsSchema
  .refine((settings) => settings.SHUTDOWN_DRAIN_MS < settings.SHUTDOWN_GRACE_MS, {
    path: ['SHUTDOWN_DRAIN_MS'],
    message: 'must be shorter than SHUTDOWN_GRACE_MS',
  })
  .refine((settings) => settings.HEADERS_TIMEOUT_MS <= settings.REQUEST_TIMEOUT_MS, {
    path: ['HEADERS_TIMEOUT_MS'],
    message: 'must not be longer than REQUEST_TIMEOUT_MS',
  })
  .refine(
    (settings) => (settings.VAPID_PUBLIC_KEY === undefined) === (settings.VAPID_PRIVATE_KEY === undefined),
    {
      path: ['VAPID_PRIVATE_KEY'],
      message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together (npx web-push generate-vapid-keys)',
    },
  )
  .refine(
    (settings) =>
      settings.PUSH_SERVICE_ORIGINS.every(
        (origin) => origin.startsWith('https://') || isLoopbackUrl(origin.replace('*.', '')),
      ),
    { path: ['PUSH_SERVICE_ORIGINS'], message: 'must be https origins (plain http only for localhost)' },
  )
  .refine((settings) => settings.METRICS_PORT === undefined || settings.METRICS_TOKEN !== undefined, {
    path: ['METRICS_PORT'],
    message: 'needs METRICS_TOKEN: metrics are served only to whoever shows the token',
  })
  .refine((settings) => settings.METRICS_PORT === undefined || settings.METRICS_PORT !== settings.PORT, {
    path: ['METRICS_PORT'],
    message: 'must differ from PORT',
  })
  .refine(
    (settings) =>
      settings.WORKER_HEALTH_PORT === undefined || settings.WORKER_HEALTH_PORT !== settings.METRICS_PORT,
    { path: ['WORKER_HEALTH_PORT'], message: 'must differ from METRICS_PORT' },
  )
  .superRefine((settings, ctx) => {
    // OAuth redirects and session cookies travel to PUBLIC_URL, and ChatWork registers only https redirect URIs.
    const url = new URL(settings.PUBLIC_URL);
    const secure =
      url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackUrl(settings.PUBLIC_URL));
    if (settings.NODE_ENV === 'production' && !secure) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: `must use https in production (plain http only for localhost); got ${settings.PUBLIC_URL}`,
      });
    }
  });

export type Settings = z.infer<typeof settingsSchema>;

export class ConfigError extends Error {}

/** Reads settings from the environment (and `.env` in the working directory when present). */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  if (env === process.env && existsSync('.env')) process.loadEnvFile('.env');
  const nonEmpty = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  // A server started on another port (PORT=3999 npm start) sends its e-mailed links and OAuth returns there too.
  const port = /^\d{1,5}$/.test(nonEmpty.PORT ?? '') ? nonEmpty.PORT : '3000';
  nonEmpty.PUBLIC_URL ??= `http://localhost:${port}`;
  const parsed = checkedSettingsSchema.safeParse(nonEmpty);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}
