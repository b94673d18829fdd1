import type { ReadinessPart, ReadinessResponse } from '../../../contract/health.ts';

/** One part the instance needs: resolves true when it answers as the app expects. */
export type ReadinessCheck = { part: ReadinessPart; check: () => Promise<boolean> };

/** A part that does not answer within this long counts as failing: a probe must stay cheap and answer quickly. */
const CHECK_TIMEOUT_MS = 2_000;

function withinTimeout(check: () => Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), CHECK_TIMEOUT_MS);
    timer.unref();
  });
  return Promise.race([check().catch(() => false), late]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance should be sent traffic (decision 161): not while it is stopping (from the signal on, so a
 * load balancer stops sending before the port closes), and not while a part it needs fails. Starting, before the
 * migrations are applied, is answered by the start-up listener (`lib/starting-listener.ts`).
 */
export function createReadiness(checks: ReadinessCheck[]) {
  let stopping = false;
  return {
    get stopping(): boolean {
      return stopping;
    },
    /** From now on the instance answers not ready; there is no way back. */
    beginStopping(): void {
      stopping = true;
    },
    async probe(): Promise<ReadinessResponse> {
      if (stopping) return { status: 'stopping', checks: {}, failing: [] };
      const outcomes = await Promise.all(
        checks.map(async ({ part, check }) => ({ part, ok: await withinTimeout(check) })),
      );
      const failing = outcomes.filter((outcome) => !outcome.ok).map((outcome) => outcome.part);
      return {
        status: stopping ? 'stopping' : failing.length ? 'not_ready' : 'ready',
        checks: Object.fromEntries(outcomes.map(({ part, ok }) => [part, ok ? 'ok' : 'failing'])),
        failing,
      };
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the instance takes traffic; `beginStopping()` when a shutdown starts (server.ts). */
    readiness: Readiness;
  }
}
