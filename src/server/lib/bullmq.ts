import type * as BullMQ from 'bullmq';

let loaded: typeof BullMQ | undefined;

/**
 * BullMQ is some 250 modules (with its dependencies) that only a server with Redis uses, so it is loaded when
 * Redis is configured rather than on every start (decision 164). Queues and workers are made after this resolves.
 */
export async function loadBullmq(): Promise<typeof BullMQ> {
  loaded ??= await import('bullmq');
  return loaded;
}

/** The loaded BullMQ; `loadBullmq()` has been awaited by whoever opened Redis. */
export function bullmq(): typeof BullMQ {
  if (!loaded) throw new Error('BullMQ is used before loadBullmq() was awaited');
  return loaded;
}
