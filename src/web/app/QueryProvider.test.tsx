import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { resetSessionData } from '../lib/session-data.ts';
import { QueryProvider } from './QueryProvider.tsx';

let loads = 0;

function Account() {
  const { data } = useQuery({
    queryKey: ['account'],
    queryFn: async () => `load ${(loads += 1)}`,
    staleTime: Infinity,
  });
  return <p>{data ?? 'loading'}</p>;
}

function ClientProbe({ onClient }: { onClient: (client: QueryClient) => void }) {
  onClient(useQueryClient());
  return null;
}

describe('QueryProvider', () => {
  it('keeps one cache across screens and forgets it when the session ends', async () => {
    loads = 0;
    const first = render(
      <QueryProvider>
        <Account />
      </QueryProvider>,
    );
    expect(await screen.findByText('load 1')).toBeVisible();
    first.unmount();

    // The next screen finds the data already there.
    const second = render(
      <QueryProvider>
        <Account />
      </QueryProvider>,
    );
    expect(screen.getByText('load 1')).toBeVisible();
    second.unmount();

    act(() => resetSessionData());
    render(
      <QueryProvider>
        <Account />
      </QueryProvider>,
    );
    expect(await screen.findByText('load 2')).toBeVisible();
  });

  it('leaves a screen under a client of its own with that client', () => {
    const own = new QueryClient();
    let seen: QueryClient | null = null;
    render(
      <QueryClientProvider client={own}>
        <QueryProvider>
          <ClientProbe onClient={(client) => (seen = client)} />
        </QueryProvider>
      </QueryClientProvider>,
    );
    expect(seen).toBe(own);
  });
});
