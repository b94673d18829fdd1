import { act, renderHook, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '../components/ui/ToastProvider.tsx';
import { changeLanguage } from './i18n.ts';
import { useUndoStack } from './use-undo-stack.ts';

const wrapper = ({ children }: { children: ReactNode }) => createElement(ToastProvider, null, children);

function setup() {
  return renderHook(() => useUndoStack({ keyShortcut: 'u' }), { wrapper });
}

describe('useUndoStack', () => {
  it('offers the newest change in a toast whose Undo undoes it', async () => {
    const { result } = setup();
    const undo = vi.fn(async () => undefined);
    act(() => result.current.push({ label: 'Message hidden.', undoneLabel: 'Hiding undone.', undo }));
    expect(result.current.canUndo).toBe(true);

    const button = screen.getByRole('button', { name: 'Undo' });
    expect(button).toHaveAttribute('aria-keyshortcuts', 'u');
    await userEvent.click(button);

    expect(undo).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Hiding undone.')).toBeVisible();
    expect(result.current.canUndo).toBe(false);
  });

  it('undoes newest first, one after another, and says when nothing is left', async () => {
    const { result } = setup();
    const order: string[] = [];
    const entry = (label: string) => ({
      label,
      undo: async () => {
        order.push(label);
      },
    });
    act(() => result.current.push(entry('first')));
    act(() => result.current.push(entry('second')));
    // The toast offers the newest change only.
    expect(screen.queryByText('first')).not.toBeInTheDocument();
    expect(screen.getByText('second')).toBeVisible();

    await act(() => result.current.undoLatest());
    await act(() => result.current.undoLatest());
    await act(() => result.current.undoLatest());
    expect(order).toEqual(['second', 'first']);
    expect(await screen.findByText('Nothing to undo.')).toBeVisible();
  });

  it('forgets a change after ten seconds', async () => {
    vi.useFakeTimers();
    const { result } = setup();
    const undo = vi.fn(async () => undefined);
    act(() => result.current.push({ label: 'Message hidden.', undo }));
    act(() => vi.advanceTimersByTime(10_001));
    expect(result.current.canUndo).toBe(false);
    expect(screen.queryByText('Message hidden.')).not.toBeInTheDocument();
    await act(() => result.current.undoLatest());
    expect(undo).not.toHaveBeenCalled();
    expect(screen.getByText('Nothing to undo.')).toBeInTheDocument();
  });

  it('says so when an undo cannot be saved, and keeps the change undoable', async () => {
    const { result } = setup();
    const undo = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(undefined);
    act(() => result.current.push({ label: 'Tags changed.', undoneLabel: 'Tag change undone.', undo }));

    await act(() => result.current.undoLatest());
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(within(region).getByText(/Could not undo/)).toBeVisible();
    expect(result.current.canUndo).toBe(true);

    await act(() => result.current.undoLatest());
    expect(undo).toHaveBeenCalledTimes(2);
    expect(screen.getByText('Tag change undone.')).toBeVisible();
  });

  it('offline, the toast says the undo needs a network and keeps the change for the key once back online', async () => {
    const { result } = setup();
    const undo = vi.fn(async () => undefined);
    act(() => result.current.push({ label: 'Message hidden.', undoneLabel: 'Hiding undone.', undo }));
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    } finally {
      onLine.mockRestore();
    }
    expect(undo).not.toHaveBeenCalled();
    expect(await screen.findByText(/This needs a network connection/)).toBeVisible();
    expect(result.current.canUndo).toBe(true);

    await act(() => result.current.undoLatest());
    expect(undo).toHaveBeenCalledTimes(1);
  });

  it('speaks Japanese', async () => {
    await changeLanguage('jp');
    const { result } = setup();
    act(() => result.current.push({ label: 'メッセージを非表示にしました。', undo: async () => undefined }));
    expect(screen.getByRole('button', { name: '元に戻す' })).toBeVisible();
  });
});
