import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest } from '../../../lib/api-client.ts';
import { changeLanguage } from '../../../lib/i18n.ts';
import { OfflineBanner } from './OfflineBanner.tsx';

function browserGoes(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => {
  browserGoes(true);
});

describe('OfflineBanner', () => {
  it('says the app is offline while the browser is, and leaves by itself when the network is back', async () => {
    render(<OfflineBanner />);
    expect(screen.queryByRole('status')).toBeNull();

    browserGoes(false);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('You are offline.');
    expect(status).toHaveTextContent('actions that need the network are paused');
    // Inside a region that was there before, so screen readers announce it.
    expect(status.parentElement).toHaveAttribute('aria-live', 'polite');

    browserGoes(true);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says so in Japanese', async () => {
    await changeLanguage('jp');
    render(<OfflineBanner />);
    browserGoes(false);
    expect(screen.getByRole('status')).toHaveTextContent('オフラインです。');
  });

  it('shows when an API call gets no answer though the browser thinks it is online, until one comes', async () => {
    render(<OfflineBanner />);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await act(() => expect(apiRequest('/tags')).rejects.toMatchObject({ code: 'NETWORK_ERROR' }));
    expect(screen.getByRole('status')).toHaveTextContent('You are offline.');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"tags":[]}', { headers: { 'content-type': 'application/json' } })),
    );
    await act(() => apiRequest('/tags'));
    expect(screen.queryByRole('status')).toBeNull();
  });
});
