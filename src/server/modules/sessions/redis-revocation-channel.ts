import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RevocationChannel, SessionRevocation } from './session-revocations.ts';

type Envelope = { from: string; revocation: SessionRevocation };

/**
 * The revocation channel across instances (decision 091, issue 16). A revocation reaches this instance's own
 * subscribers before `publish` resolves, as in one process, so its own next request already sees it; the other
 * instances receive it through Redis pub/sub and skip nothing but their own messages.
 */
export function createRedisRevocationChannel(options: {
  publisher: Redis;
  subscriber: Redis;
  channel: string;
  onError: (error: unknown) => void;
}): RevocationChannel {
  const instance = randomUUID();
  const listeners: ((revocation: SessionRevocation) => void)[] = [];
  const deliver = (revocation: SessionRevocation) => {
    for (const listener of listeners) listener(revocation);
  };

  options.subscriber.subscribe(options.channel).catch(options.onError);
  options.subscriber.on('message', (channel: string, message: string) => {
    if (channel !== options.channel) return;
    try {
      const envelope = JSON.parse(message) as Envelope;
      if (envelope.from !== instance) deliver(envelope.revocation);
    } catch (error) {
      options.onError(error);
    }
  });

  return {
    async publish(revocation) {
      deliver(revocation);
      const envelope: Envelope = { from: instance, revocation };
      await options.publisher.publish(options.channel, JSON.stringify(envelope));
    },
    subscribe(listener) {
      listeners.push(listener);
    },
  };
}
