import { mkdtemp, readFile, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pushAppEnv } from '../../emulators/sandbox-seed/start-sandbox-emulators.ts';
import { ConfigError, DEFAULT_PUSH_SERVICE_ORIGINS, loadSettings, settingsSchema } from './config.ts';
import { resolveSecrets, SECRETS_FILE_NAME } from './lib/secrets.ts';

describe('loadSettings', () => {
  it('defaults to an offline embedded set-up on port 3000 with both demo accounts', () => {
    const settings = loadSettings({});
    expect(settings).toMatchObject({ PORT: 3000, DEMO_PASSWORD: 'demo1234', TRUST_PROXY: false });
    expect(settings.DATABASE_URL).toBeUndefined();
    expect(settings.DATA_DIR).toBe(path.resolve('./data'));
    expect(settings.DEMO_ACCOUNTS).toEqual([
      { email: 'demo-en@example.com', language: 'en' },
      { email: 'demo-ja@example.com', language: 'jp' },
    ]);
  });

  it('parses demo accounts and treats empty values as unset', () => {
    const settings = loadSettings({ DEMO_ACCOUNTS: ' A@Example.com:jp , b@example.com ', PORT: '' });
    expect(settings.DEMO_ACCOUNTS).toEqual([
      { email: 'a@example.com', language: 'jp' },
      { email: 'b@example.com', language: 'en' },
    ]);
    expect(settings.PORT).toBe(3000);
    expect(loadSettings({ DEMO_ACCOUNTS: 'none' }).DEMO_ACCOUNTS).toEqual([]);
  });

  it('reads test-mode emails trimmed and lower-cased, empty by default, and rejects non-emails', () => {
    expect(loadSettings({}).TEST_MODE_EMAILS).toEqual([]);
    expect(
      loadSettings({ TEST_MODE_EMAILS: ' QA@Example.com ,, dev@example.com ' }).TEST_MODE_EMAILS,
    ).toEqual(['qa@example.com', 'dev@example.com']);
    expect(() => loadSettings({ TEST_MODE_EMAILS: 'qa@example.com,not-an-email' })).toThrow(
      /TEST_MODE_EMAILS/,
    );
  });

  it('generates 90 sample messages per platform unless told otherwise, within bounds', () => {
    expect(loadSettings({}).SAMPLE_MESSAGES_PER_PLATFORM).toBe(90);
    expect(loadSettings({ SAMPLE_MESSAGES_PER_PLATFORM: '1000' }).SAMPLE_MESSAGES_PER_PLATFORM).toBe(1000);
    expect(() => loadSettings({ SAMPLE_MESSAGES_PER_PLATFORM: '0' })).toThrow(ConfigError);
    expect(() => loadSettings({ SAMPLE_MESSAGES_PER_PLATFORM: '1e9' })).toThrow(ConfigError);
  });

  it('takes this machine on PORT as PUBLIC_URL unless told otherwise', () => {
    expect(loadSettings({}).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadSettings({ PORT: '3999' }).PUBLIC_URL).toBe('http://localhost:3999');
    expect(loadSettings({ PORT: '3999', PUBLIC_URL: 'https://matome.example.com/' }).PUBLIC_URL).toBe(
      'https://matome.example.com',
    );
  });

  it('refuses a headers timeout longer than the whole-request timeout', () => {
    expect(loadSettings({})).toMatchObject({ HEADERS_TIMEOUT_MS: 10_000, REQUEST_TIMEOUT_MS: 30_000 });
    expect(() => loadSettings({ HEADERS_TIMEOUT_MS: '20000', REQUEST_TIMEOUT_MS: '10000' })).toThrow(
      /HEADERS_TIMEOUT_MS: must not be longer than REQUEST_TIMEOUT_MS/,
    );
  });

  it('keeps metrics off unless a long enough METRICS_TOKEN is set, and METRICS_PORT only with it', () => {
    const token = 'a'.repeat(32);
    const off = loadSettings({});
    expect([off.METRICS_TOKEN, off.METRICS_PORT]).toEqual([undefined, undefined]);
    expect(loadSettings({ METRICS_TOKEN: token, METRICS_PORT: '9464' })).toMatchObject({
      METRICS_TOKEN: token,
      METRICS_PORT: 9464,
    });
    expect(() => loadSettings({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN: must be at least 24/);
    expect(() => loadSettings({ METRICS_TOKEN: `${token} x` })).toThrow(/METRICS_TOKEN: must be printable/);
    expect(() => loadSettings({ METRICS_PORT: '9464' })).toThrow(/METRICS_PORT: needs METRICS_TOKEN/);
    expect(() => loadSettings({ METRICS_TOKEN: token, METRICS_PORT: '3000' })).toThrow(
      /METRICS_PORT: must differ from PORT/,
    );
    expect(() => loadSettings({ METRICS_TOKEN: token, METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
  });

  it('refuses to start in production with a plain-http PUBLIC_URL other than this machine', () => {
    const production = (url: string) => () => loadSettings({ NODE_ENV: 'production', PUBLIC_URL: url });
    expect(production('http://matome.example.com')).toThrow(
      /PUBLIC_URL: must use https in production \(plain http only for localhost\)/,
    );
    expect(production('http://192.168.1.5:3000')).toThrow(ConfigError);
    for (const url of [
      'https://matome.example.com',
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
    ]) {
      expect(production(url)(), url).toMatchObject({ PUBLIC_URL: url });
    }
    expect(loadSettings({ PUBLIC_URL: 'http://matome.test' }).PUBLIC_URL).toBe('http://matome.test');
  });

  it('names every invalid setting in one clear error', () => {
    expect(() => loadSettings({ PORT: 'eighty', JWT_SECRET: 'short', DEMO_ACCOUNTS: 'x:fr' })).toThrow(
      ConfigError,
    );
    try {
      loadSettings({ PORT: 'eighty', JWT_SECRET: 'short', DEMO_ACCOUNTS: 'x:fr' });
    } catch (error) {
      expect(String(error)).toMatch(/PORT/);
      expect(String(error)).toMatch(/JWT_SECRET: must be at least 32 characters/);
      expect(String(error)).toMatch(/DEMO_ACCOUNTS/);
    }
  });
});

describe('resolveSecrets', () => {
  it('generates missing secrets once in embedded mode, keeps them private and reuses them', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'matome-secrets-'));
    const notices: string[] = [];
    const settings = loadSettings({ DATA_DIR: dataDir });
    const first = await resolveSecrets(settings, (message) => notices.push(message));
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.from(first.tokenEncryptionKey, 'base64')).toHaveLength(32);
    expect(notices).toHaveLength(1);
    expect(notices[0]).toContain(SECRETS_FILE_NAME);
    expect(notices[0]).not.toContain(first.jwtSecret);
    const file = path.join(dataDir, SECRETS_FILE_NAME);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8')).JWT_SECRET).toBe(first.jwtSecret);
    expect(first.vapid?.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(notices[0]).toContain('the VAPID key pair');
    expect(notices[0]).not.toContain(first.vapid!.privateKey);

    const second = await resolveSecrets(settings, (message) => notices.push(message));
    expect(second).toEqual(first);
    expect(notices).toHaveLength(1);
  });

  it('warns in production when the secrets live in the data directory', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'matome-secrets-'));
    const notices: string[] = [];
    await resolveSecrets(loadSettings({ DATA_DIR: dataDir, NODE_ENV: 'production' }), (message) =>
      notices.push(message),
    );
    expect(notices.at(-1)).toMatch(
      /JWT_SECRET and TOKEN_ENCRYPTION_KEY are kept in .*In production set them/,
    );
  });

  it('prefers secrets from the environment', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'matome-secrets-'));
    const jwtSecret = 'j'.repeat(40);
    const tokenEncryptionKey = Buffer.alloc(32, 7).toString('base64');
    const settings = loadSettings({
      DATA_DIR: dataDir,
      JWT_SECRET: jwtSecret,
      TOKEN_ENCRYPTION_KEY: tokenEncryptionKey,
    });
    const vapid = { publicKey: `B${'a'.repeat(86)}`, privateKey: 'p'.repeat(43) };
    expect(
      await resolveSecrets(
        loadSettings({
          DATA_DIR: dataDir,
          JWT_SECRET: jwtSecret,
          TOKEN_ENCRYPTION_KEY: tokenEncryptionKey,
          VAPID_PUBLIC_KEY: vapid.publicKey,
          VAPID_PRIVATE_KEY: vapid.privateKey,
        }),
        () => undefined,
      ),
    ).toEqual({ jwtSecret, tokenEncryptionKey, previousTokenEncryptionKeys: [], vapid });
    expect(await resolveSecrets(settings, () => undefined)).toEqual({
      jwtSecret,
      tokenEncryptionKey,
      previousTokenEncryptionKeys: [],
      vapid: expect.objectContaining({ publicKey: expect.any(String) }),
    });
    expect(() => loadSettings({ VAPID_PUBLIC_KEY: vapid.publicKey })).toThrow(/VAPID_PRIVATE_KEY/);
  });

  it('seals with the first of TOKEN_ENCRYPTION_KEYS and keeps every other key it knows for opening', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'matome-secrets-'));
    const [newest, older, oldest, generated] = [1, 2, 3, 4].map((fill) =>
      Buffer.alloc(32, fill).toString('base64'),
    );
    await writeFile(
      path.join(dataDir, SECRETS_FILE_NAME),
      JSON.stringify({ TOKEN_ENCRYPTION_KEY: generated }),
    );
    const settings = loadSettings({
      DATA_DIR: dataDir,
      JWT_SECRET: 'j'.repeat(40),
      TOKEN_ENCRYPTION_KEYS: ` ${newest}, ${older} `,
      TOKEN_ENCRYPTION_KEY: oldest,
    });
    expect(await resolveSecrets(settings, () => undefined)).toEqual({
      jwtSecret: 'j'.repeat(40),
      tokenEncryptionKey: newest,
      previousTokenEncryptionKeys: [older, oldest, generated],
      vapid: expect.objectContaining({ publicKey: expect.any(String) }),
    });
    expect(() => loadSettings({ TOKEN_ENCRYPTION_KEYS: `${newest},not-a-key` })).toThrow(
      /TOKEN_ENCRYPTION_KEYS/,
    );
    const production = loadSettings({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db.example/matome',
      JWT_SECRET: 'j'.repeat(40),
      TOKEN_ENCRYPTION_KEYS: newest,
    });
    const notices: string[] = [];
    const shared = await resolveSecrets(production, (message) => notices.push(message));
    expect(shared.tokenEncryptionKey).toBe(newest);
    // Instances must share one VAPID pair: none is generated, and push is off until it is set.
    expect(shared.vapid).toBeUndefined();
    expect(notices).toEqual([expect.stringMatching(/VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set/)]);
  });

  it('stops start-up in production on PostgreSQL when a secret is missing', async () => {
    const settings = loadSettings({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db.example/matome',
      JWT_SECRET: 'j'.repeat(40),
    });
    await expect(resolveSecrets(settings, () => undefined)).rejects.toThrow(
      /TOKEN_ENCRYPTION_KEY must be set/,
    );
  });
});

describe('PUSH_SERVICE_ORIGINS', () => {
  it('takes https push services and plain http only on this machine; the sandbox adds its emulator to the defaults', () => {
    expect(loadSettings({}).PUSH_SERVICE_ORIGINS).toEqual(DEFAULT_PUSH_SERVICE_ORIGINS);
    const emulator = 'http://127.0.0.1:4110';
    expect(loadSettings(pushAppEnv(emulator)).PUSH_SERVICE_ORIGINS).toEqual([
      ...DEFAULT_PUSH_SERVICE_ORIGINS,
      emulator,
    ]);
    expect(() => loadSettings({ PUSH_SERVICE_ORIGINS: 'http://push.example.com' })).toThrow(
      /PUSH_SERVICE_ORIGINS/,
    );
    expect(() => loadSettings({ PUSH_SERVICE_ORIGINS: 'https://push.example.com/path' })).toThrow(
      /PUSH_SERVICE_ORIGINS/,
    );
  });
});

describe('.env.example', () => {
  it('lists every setting the server reads, so an operator can find each one', async () => {
    const example = await readFile(new URL('../../.env.example', import.meta.url), 'utf8');
    const listed = new Set([...example.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1]));
    expect(Object.keys(settingsSchema.shape).filter((name) => !listed.has(name))).toEqual([]);
  });
});
