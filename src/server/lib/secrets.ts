import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { ConfigError, type Settings } from '../config.ts';

export type Secrets = { jwtSecret: string; tokenEncryptionKey: string };

const storedSecretsSchema = z.object({
  JWT_SECRET: z.string().min(32).optional(),
  TOKEN_ENCRYPTION_KEY: z.string().optional(),
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
 */
export async function resolveSecrets(settings: Settings, log: (message: string) => void): Promise<Secrets> {
  const names = Object.keys(generators) as SecretName[];
  const missing = names.filter((name) => !settings[name]);
  if (missing.length > 0 && settings.NODE_ENV === 'production' && settings.DATABASE_URL) {
    throw new ConfigError(
      `${missing.join(' and ')} must be set when NODE_ENV=production and DATABASE_URL is set ` +
        '(every instance must share them). See .env.example for how to generate them.',
    );
  }

  const values: Partial<Record<SecretName, string>> = {};
  for (const name of names) values[name] = settings[name];
  if (missing.length > 0) {
    const file = path.join(settings.DATA_DIR, SECRETS_FILE_NAME);
    const stored = await readStoredSecrets(file);
    const generated: SecretName[] = [];
    for (const name of missing) {
      values[name] = stored[name];
      if (!values[name]) {
        values[name] = generators[name]();
        stored[name] = values[name];
        generated.push(name);
      }
    }
    if (generated.length > 0) {
      await mkdir(settings.DATA_DIR, { recursive: true });
      await writeFile(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
      log(`Generated ${generated.join(' and ')} and stored them in ${file}`);
    }
  }
  return { jwtSecret: values.JWT_SECRET!, tokenEncryptionKey: values.TOKEN_ENCRYPTION_KEY! };
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
