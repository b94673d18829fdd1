import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError, type Settings } from '../config.ts';

export type Secrets = {
  jwtSecret: string;
  /** Seals new provider tokens. */
  tokenEncryptionKey: string;
  /** Older keys that still open what they sealed, until `npm run tokens:reseal` has moved it to the current key. */
  previousTokenEncryptionKeys?: readonly string[];
  /** Signs Web Push messages (decision 159); absent, push notifications are off. */
  vapid?: VapidKeys;
};

export type VapidKeys = { publicKey: string; privateKey: string };

const storedSecretsSchema = z.object({
  JWT_SECRET: z.string().min(32).optional(),
  TOKEN_ENCRYPTION_KEY: z.string().optional(),
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
});

const generators = {
  JWT_SECRET: () => randomBytes(48).toString('base64url'),
  TOKEN_ENCRYPTION_KEY: () => randomBytes(32).toString('base64'),
} as const;
type SecretName = keyof typeof generators;

export const SECRETS_FILE_NAME = 'secrets.json';

/**
 * Secrets come from the environment. A single embedded install should not need any set-up, so a missing
 * secret is generated once and kept in the data dir; a production deployment on PostgreSQL may run several
 * instances, which must share secrets, so there a missing one is a configuration error.
 *
 * `TOKEN_ENCRYPTION_KEYS` (newest first) takes the place of `TOKEN_ENCRYPTION_KEY`; a `TOKEN_ENCRYPTION_KEY` set
 * beside it, or kept in the data dir from before, stays accepted as an older key.
 */
export async function resolveSecrets(settings: Settings, log: (message: string) => void): Promise<Secrets> {
  const keyList = settings.TOKEN_ENCRYPTION_KEYS ?? [];
  const provided: Record<SecretName, string | undefined> = {
    JWT_SECRET: settings.JWT_SECRET,
    TOKEN_ENCRYPTION_KEY: keyList[0] ?? settings.TOKEN_ENCRYPTION_KEY,
  };
  const names = Object.keys(generators) as SecretName[];
  const missing = names.filter((name) => !provided[name]);
  if (missing.length > 0 && settings.NODE_ENV === 'production' && settings.DATABASE_URL) {
    throw new ConfigError(
      `${missing.join(' and ')} must be set when NODE_ENV=production and DATABASE_URL is set ` +
        '(every instance must share them). See .env.example for how to generate them.',
    );
  }

  // Several production instances on PostgreSQL must share one VAPID pair, so there a missing pair turns push off
  // (with a notice) rather than stopping an upgraded deployment that has not set one yet.
  const vapidShared = settings.NODE_ENV === 'production' && Boolean(settings.DATABASE_URL);
  let vapid: VapidKeys | undefined =
    settings.VAPID_PUBLIC_KEY && settings.VAPID_PRIVATE_KEY
      ? { publicKey: settings.VAPID_PUBLIC_KEY, privateKey: settings.VAPID_PRIVATE_KEY }
      : undefined;
  if (!vapid && vapidShared) {
    log(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set: push notifications are off. ' +
        'Generate a pair with `npx web-push generate-vapid-keys` and set it on every instance.',
    );
  }
  const generateVapid = !vapid && !vapidShared;

  const file = path.join(settings.DATA_DIR, SECRETS_FILE_NAME);
  const stored =
    missing.length > 0 || keyList.length > 0 || generateVapid ? await readStoredSecrets(file) : {};
  const values = { ...provided };
  const generated: string[] = [];
  for (const name of missing) {
    values[name] = stored[name];
    if (!values[name]) {
      values[name] = generators[name]();
      stored[name] = values[name];
      generated.push(name);
    }
  }
  if (generateVapid) {
    if (stored.VAPID_PUBLIC_KEY && stored.VAPID_PRIVATE_KEY) {
      vapid = { publicKey: stored.VAPID_PUBLIC_KEY, privateKey: stored.VAPID_PRIVATE_KEY };
    } else {
      // web-push is loaded only to make the pair, on the first start (decision 164).
      const { default: webPush } = await import('web-push');
      vapid = webPush.generateVAPIDKeys();
      stored.VAPID_PUBLIC_KEY = vapid.publicKey;
      stored.VAPID_PRIVATE_KEY = vapid.privateKey;
      generated.push('the VAPID key pair');
    }
  }
  if (generated.length > 0) {
    await mkdir(settings.DATA_DIR, { recursive: true });
    await writeFile(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
    log(`Generated ${generated.join(' and ')} and stored them in ${file}`);
  }
  if (missing.length > 0 && settings.NODE_ENV === 'production') {
    log(
      `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} kept in ${file}. In production set ` +
        'them in the environment instead: a copy of the data directory should not carry the keys to its own tokens.',
    );
  }

  const current = values.TOKEN_ENCRYPTION_KEY!;
  const previous = [
    ...keyList.slice(1),
    ...(keyList.length > 0 ? [settings.TOKEN_ENCRYPTION_KEY, stored.TOKEN_ENCRYPTION_KEY] : []),
  ].filter((key): key is string => key !== undefined && key !== current);
  return {
    jwtSecret: values.JWT_SECRET!,
    tokenEncryptionKey: current,
    previousTokenEncryptionKeys: [...new Set(previous)],
    ...(vapid ? { vapid } : {}),
  };
}

async function readStoredSecrets(file: string): Promise<z.infer<typeof storedSecretsSchema>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch {
    return {};
  }
  const parsed = storedSecretsSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new ConfigError(`${file} is not a valid secrets file; remove it to regenerate.`);
  return parsed.data;
}
