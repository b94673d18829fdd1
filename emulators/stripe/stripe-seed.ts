import { z } from 'zod';

const productSchema = z.object({
  id: z.string().startsWith('prod_'),
  name: z.string().min(1),
  description: z.string().nullable().default(null),
  metadata: z.record(z.string(), z.string()).default({}),
});

const priceSchema = z.object({
  id: z.string().startsWith('price_'),
  product: z.string().startsWith('prod_'),
  /** In the currency's smallest unit (cents). */
  unit_amount: z.number().int().min(0),
  currency: z.string().length(3).default('usd'),
  interval: z.enum(['month', 'year']).default('month'),
  lookup_key: z.string().nullable().default(null),
  nickname: z.string().nullable().default(null),
  metadata: z.record(z.string(), z.string()).default({}),
});

export const stripeSeedSchema = z.object({
  /** The secret key callers must send as `Authorization: Bearer`; a restricted or live key is refused. */
  secretKey: z.string().startsWith('sk_test_'),
  publishableKey: z.string().startsWith('pk_test_'),
  products: z.array(productSchema),
  prices: z.array(priceSchema),
  /** The app's webhook endpoint: every event is POSTed there, signed with `secret`. */
  webhook: z
    .object({ url: z.string().url(), secret: z.string().startsWith('whsec_') })
    .nullable()
    .default(null),
  /**
   * Waits before each retry of a delivery the endpoint did not answer with 2xx. Stripe retries for up to three
   * days with an exponential back-off; the emulator keeps the shape and shortens the waits.
   */
  webhookRetryDelaysMs: z.array(z.number().int().min(0)).default([1_000, 5_000, 30_000]),
});

export type StripeSeed = z.infer<typeof stripeSeedSchema>;
export type StripeSeedInput = z.input<typeof stripeSeedSchema>;

/** Matome's two monthly plans, in cents: Pro $4.00 and Pro Plus $9.99 (SPEC §9). */
export function defaultStripeSeed(overrides: Partial<StripeSeedInput> = {}): StripeSeed {
  return stripeSeedSchema.parse({
    secretKey: 'sk_test_emulator',
    publishableKey: 'pk_test_emulator',
    products: [
      { id: 'prod_matome_pro', name: 'Matome Pro', description: 'Up to 5 connections' },
      { id: 'prod_matome_proplus', name: 'Matome Pro Plus', description: 'Up to 10 connections' },
    ],
    prices: [
      {
        id: 'price_matome_pro_monthly',
        product: 'prod_matome_pro',
        unit_amount: 400,
        lookup_key: 'pro_monthly',
      },
      {
        id: 'price_matome_proplus_monthly',
        product: 'prod_matome_proplus',
        unit_amount: 999,
        lookup_key: 'proplus_monthly',
      },
    ],
    ...overrides,
  });
}
