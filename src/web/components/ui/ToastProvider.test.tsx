import { act, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n.ts';
import { ToastProvider } from './ToastProvider.tsx';
import { useToast, type ToastApi } from './use-toast.ts';

function renderWithToasts() {
  let api: ToastApi | undefined;
  function Capture() {
    api = useToast();
    return <button type="button">Elsewhere</button>;
  }
  render(
    <ToastProvider>
      <Capture />
    </ToastProvider>,
  );
  if (!api) throw new Error('useToast did not run');
  const toasts = api;
  return {
    show: (...args: Parameters<ToastApi['showToast']>) => {
      let id = '';
      act(() => {
        id = toasts.showToast(...args);
      });
      return id;
    },
    dismiss: (id: string) => act(() => toasts.dismissToast(id)),
  };
}

const region = () => screen.getByRole('region', { name: 'Notifications' });
const politeRegion = () => region().querySelector('[aria-live="polite"]') as HTMLElement;
const assertiveRegion = () => region().querySelector('[aria-live="assertive"]') as HTMLElement;
const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('ToastProvider', () => {
  it('has empty polite and assertive live regions before any toast is shown', () => {
    renderWithToasts();

    expect(politeRegion()).toBeEmptyDOMElement();
    expect(politeRegion()).toHaveAttribute('aria-atomic', 'false');
    expect(assertiveRegion()).toBeEmptyDOMElement();
    expect(assertiveRegion()).toHaveAttribute('aria-atomic', 'false');
    // An empty stack must not add a status or alert to the page it sits on.
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('announces success and info politely, errors and warnings assertively, naming the type', () => {
    const { show } = renderWithToasts();

    show('Profile updated', 'success');
    show('Sample data is shown', 'info');
    show('Failed to send reply', 'error');
    show('Cancel the subscription first', 'warning');

    const polite = within(politeRegion()).getAllByRole('listitem');
    expect(polite.map((toast) => toast.textContent)).toEqual([
      'Success: Profile updated',
      'Information: Sample data is shown',
    ]);
    const assertive = within(assertiveRegion()).getAllByRole('listitem');
    expect(assertive.map((toast) => toast.textContent)).toEqual([
      'Error: Failed to send reply',
      'Warning: Cancel the subscription first',
    ]);
  });

  it('shows info toasts by default and returns a fresh id for each toast', () => {
    const { show } = renderWithToasts();

    const first = show('Hello');
    const second = show('Hello');

    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
    expect(within(politeRegion()).getAllByText('Hello')).toHaveLength(2);
  });

  it('removes a toast after 3000 ms by default', () => {
    vi.useFakeTimers();
    const { show } = renderWithToasts();

    show('Saved', 'success');
    advance(2999);
    expect(screen.getByText('Saved')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('honours a custom duration, and keeps a toast with duration 0 until it is closed', () => {
    vi.useFakeTimers();
    const { show } = renderWithToasts();

    show('Connected to Slack', 'success', 5000);
    show('Stays', 'error', 0);
    advance(4999);
    expect(screen.getByText('Connected to Slack')).toBeInTheDocument();
    advance(1);
    expect(screen.queryByText('Connected to Slack')).not.toBeInTheDocument();
    advance(60 * 60 * 1000);
    expect(screen.getByText('Stays')).toBeInTheDocument();
  });

  it('closes a toast with its close button or by id', async () => {
    const user = userEvent.setup();
    const { show, dismiss } = renderWithToasts();

    show('First', 'error', 0);
    const secondId = show('Second', 'info', 0);
    const first = screen.getByText('First').closest('li') as HTMLElement;
    await user.click(within(first).getByRole('button', { name: 'Close notification' }));

    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    dismiss(secondId);
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('pauses removal while the pointer is over the toast and resumes with the time left', () => {
    vi.useFakeTimers();
    const { show } = renderWithToasts();

    show('Hover me', 'success');
    advance(1000);
    // Pointer enter and leave do not bubble: the pointer reaches the toast itself.
    fireEvent.pointerEnter(screen.getByText('Hover me').closest('li')!);
    advance(10_000);
    expect(screen.getByText('Hover me')).toBeInTheDocument();

    fireEvent.pointerLeave(screen.getByText('Hover me').closest('li')!);
    advance(1500);
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    advance(600);
    expect(screen.queryByText('Hover me')).not.toBeInTheDocument();
  });

  it('pauses removal while focus is inside the toast', () => {
    vi.useFakeTimers();
    const { show } = renderWithToasts();

    show('Focus me', 'warning');
    const close = screen.getByRole('button', { name: 'Close notification' });
    act(() => close.focus());
    advance(10_000);
    expect(screen.getByText('Focus me')).toBeInTheDocument();

    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    advance(3000);
    expect(screen.queryByText('Focus me')).not.toBeInTheDocument();
  });

  it('offers an action button that runs once and closes the toast, naming its key', async () => {
    const { show } = renderWithToasts();
    const onAction = vi.fn();

    show('Message hidden.', 'success', 10_000, { action: { label: 'Undo', onAction, keyShortcut: 'u' } });
    const undo = within(politeRegion()).getByRole('button', { name: 'Undo' });
    expect(undo).toHaveAttribute('aria-keyshortcuts', 'u');
    await userEvent.click(undo);

    expect(onAction).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('Message hidden.')).not.toBeInTheDocument();
  });

  it('labels the region and close buttons in Japanese', async () => {
    await changeLanguage('jp');
    const { show } = renderWithToasts();

    show('プロフィールを更新しました', 'success');

    const notifications = screen.getByRole('region', { name: '通知' });
    expect(within(notifications).getByRole('button', { name: '通知を閉じる' })).toBeInTheDocument();
    expect(within(notifications).getByRole('listitem')).toHaveTextContent(
      '完了： プロフィールを更新しました',
    );
  });

  it('throws a clear error when useToast is used outside a ToastProvider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});

    expect(() => renderHook(() => useToast())).toThrow('useToast must be used inside a <ToastProvider>.');
  });
});
