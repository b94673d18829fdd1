import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod/mini';
import {
  messageResultSchemas,
  type MessageResultByPlatform,
  type Platform,
} from '../../../../contract/messages.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export interface FetchMessagesOptions {
  /** Ask the server to skip its cache and gather afresh. */
  refresh?: boolean;
  signal?: AbortSignal;
}

export function getConnectionMessages<P extends Platform>(
  platform: P,
  connectionId: string,
  { refresh = false, signal }: FetchMessagesOptions = {},
): Promise<MessageResultByPlatform[P]> {
  const query = refresh ? '?refresh=1' : '';
  return apiRequest(`/${platform}/messages/${encodeURIComponent(connectionId)}${query}`, {
    // The schema map is keyed by platform; TypeScript cannot narrow a generic index on its own.
    schema: messageResultSchemas[platform] as unknown as z.ZodMiniType<MessageResultByPlatform[P]>,
    signal,
  });
}

/** The server caches one connection's messages for 60 s; asking again sooner only returns the same answer. */
export const CONNECTION_MESSAGES_STALE_MS = 60_000;

/** The start of the keys of every connection's messages on one platform. */
export const platformMessagesQueryKey = (platform: Platform) => ['messages', platform] as const;

export const connectionMessagesQueryKey = (platform: Platform, connectionId: string) =>
  [...platformMessagesQueryKey(platform), connectionId] as const;

export const connectionMessagesQueryOptions = (platform: Platform, connectionId: string) =>
  queryOptions({
    queryKey: connectionMessagesQueryKey(platform, connectionId),
    queryFn: ({ signal }) => getConnectionMessages(platform, connectionId, { signal }),
    staleTime: CONNECTION_MESSAGES_STALE_MS,
  });
