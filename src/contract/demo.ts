import { z } from 'zod/mini';
import { languages, type Language } from './auth.ts';

/** The seeded demo accounts; the language of each follows its address (SPEC §6). */
export const defaultDemoAccounts: readonly { email: string; language: Language }[] = [
  { email: 'demo-en@example.com', language: 'en' },
  { email: 'demo-ja@example.com', language: 'jp' },
];
export const DEFAULT_DEMO_PASSWORD = 'demo1234';

export const demoAccountsResponseSchema = z.object({
  accounts: z.array(z.object({ email: z.string(), language: z.enum(languages) })),
  password: z.string(),
});
export type DemoAccountsResponse = z.infer<typeof demoAccountsResponseSchema>;
