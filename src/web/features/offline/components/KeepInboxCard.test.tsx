import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../../../components/ui/ToastProvider.tsx';
import { KEEP_INBOX_FLAG_CACHE, OFFLINE_INBOX_CACHE } from '../../../lib/offline-inbox.ts';
import { KeepInboxCard } from './KeepInboxCard.tsx';

/** Cache Storage as a browser keeps it, by name only: jsdom has none. */
function browserCaches(initial: string[] = []) {
  const names = new Set(initial);
  vi.stubGlobal('caches', {
    has: async (name: string) => names.has(name),
    open: async (name: string) => {
      names.add(name);
      return {};
    },
    delete: async (name: string) => names.delete(name),
  });
  return names;
}

const setting = () => screen.getByRole('checkbox', { name: /^Keep my inbox on this device/ });

function renderCard() {
  render(
    <ToastProvider>
      <KeepInboxCard />
    </ToastProvider>,
  );
}

beforeEach(() => {
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: {} });
});

describe('KeepInboxCard', () => {
  it('is off until the person turns it on, and turning it off forgets what was kept', async () => {
    const names = browserCaches();
    renderCard();
    await vi.waitFor(() => expect(setting()).toBeEnabled());
    expect(setting()).not.toBeChecked();

    await userEvent.click(setting());
    expect(setting()).toBeChecked();
    expect(await screen.findByText('Your inbox will be kept on this device.')).toBeInTheDocument();
    expect(names.has(KEEP_INBOX_FLAG_CACHE)).toBe(true);

    names.add(OFFLINE_INBOX_CACHE);
    await userEvent.click(setting());
    expect(setting()).not.toBeChecked();
    await screen.findByText('Nothing of your inbox is kept on this device any more.');
    expect([...names]).toEqual([]);
  });

  it('shows the setting this browser already holds', async () => {
    browserCaches([KEEP_INBOX_FLAG_CACHE]);
    renderCard();
    await vi.waitFor(() => expect(setting()).toBeChecked());
  });

  it('says so when the browser cannot keep anything', () => {
    vi.stubGlobal('caches', undefined);
    renderCard();
    expect(setting()).toBeDisabled();
    expect(screen.getByText('This browser cannot keep the inbox for offline reading.')).toBeInTheDocument();
  });
});
