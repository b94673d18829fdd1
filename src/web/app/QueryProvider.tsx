import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { onSessionDataReset } from '../lib/session-data.ts';
import { createQueryClient } from './query-client.ts';

let sharedClient: QueryClient | null = null;

export function sharedQueryClient(): QueryClient {
  if (!sharedClient) {
    const client = createQueryClient();
    onSessionDataReset(() => client.clear());
    sharedClient = client;
  }
  return sharedClient;
}

/**
 * The query cache every lazy screen shares. It arrives with the first of them rather than with the first chunk, as a
 * public page shows no server data (decision 126); the client is created once, so the cache outlives each screen. A
 * screen rendered under a client of its own (a nested lazy screen, a test's) keeps that one.
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  if (useContext(QueryClientContext)) return children;
  return <QueryClientProvider client={sharedQueryClient()}>{children}</QueryClientProvider>;
}
