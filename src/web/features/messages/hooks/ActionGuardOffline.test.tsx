import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../components/ui/ToastProvider.tsx';
import { changeLanguage } from '../../../lib/i18n.ts';
import { useActionGuard } from './use-action-guard.ts';

function browserGoes(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

afterEach(() => browserGoes(true));

function renderGuard() {
  const answers: boolean[] = [];
  function Reply() {
    const allowed = useActionGuard(null);
    return (
      <button type="button" onClick={() => answers.push(allowed('reply'))}>
        Try
      </button>
    );
  }
  render(
    <ToastProvider>
      <Reply />
    </ToastProvider>,
  );
  return answers;
}

describe('useActionGuard while offline', () => {
  it('refuses an action that needs the server and says why, then allows it again once online', () => {
    const answers = renderGuard();
    browserGoes(false);
    act(() => screen.getByRole('button', { name: 'Try' }).click());
    expect(answers).toEqual([false]);
    expect(screen.getByRole('region', { name: 'Notifications' })).toHaveTextContent(
      'This needs a network connection.',
    );

    browserGoes(true);
    act(() => screen.getByRole('button', { name: 'Try' }).click());
    expect(answers).toEqual([false, true]);
  });

  it('says so in Japanese', async () => {
    await changeLanguage('jp');
    renderGuard();
    browserGoes(false);
    act(() => screen.getByRole('button', { name: 'Try' }).click());
    expect(screen.getByRole('region', { name: '通知' })).toHaveTextContent(
      'この操作にはネットワーク接続が必要です。',
    );
  });
});
