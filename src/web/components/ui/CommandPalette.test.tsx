import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../lib/i18n.ts';
import { CommandPalette, type PaletteCommand } from './CommandPalette.tsx';
import { ShortcutHelp } from './ShortcutHelp.tsx';

const commands: PaletteCommand[] = [
  { id: 'hide', label: 'Check and hide', keywords: ['確認して非表示'], keys: ['h'] },
  { id: 'tag', label: 'Add or edit tags', keywords: ['タグを追加・編集'], keys: ['t'] },
  { id: 'inbox', label: 'Go to the inbox', keywords: ['受信箱へ移動'], keys: ['g', 'i'] },
  { id: 'clear', label: 'Clear filters', keywords: ['絞り込みを解除'] },
];

function Harness({ recentIds = [], onRun }: { recentIds?: string[]; onRun(id: string): void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <CommandPalette
        open={open}
        onClose={() => setOpen(false)}
        commands={commands}
        recentIds={recentIds}
        onRun={onRun}
      />
    </>
  );
}

async function openPalette({ recentIds, title = 'Commands' }: { recentIds?: string[]; title?: string } = {}) {
  const onRun = vi.fn();
  render(<Harness recentIds={recentIds} onRun={onRun} />);
  await userEvent.click(screen.getByRole('button', { name: 'Open' }));
  const dialog = await screen.findByRole('dialog', { name: title });
  const input = within(dialog).getByRole('combobox');
  return { dialog, input, onRun };
}

const optionLabels = () =>
  screen.getAllByRole('option').map((option) => option.querySelector('span')?.textContent);

describe('CommandPalette', () => {
  it('is a combobox that controls a list box, with the first option active', async () => {
    const { input } = await openPalette();
    await waitFor(() => expect(input).toHaveFocus());
    expect(input).toHaveAccessibleName('Search commands');
    const listbox = screen.getByRole('listbox', { name: 'Commands' });
    expect(input).toHaveAttribute('aria-controls', listbox.id);
    expect(input).toHaveAttribute('aria-expanded', 'true');
    const [first] = screen.getAllByRole('option');
    expect(input).toHaveAttribute('aria-activedescendant', first!.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(first).toHaveAttribute('aria-keyshortcuts', 'h');
  });

  it('lists recent commands first', async () => {
    await openPalette({ recentIds: ['clear', 'gone', 'tag'] });
    expect(screen.getByRole('group', { name: 'Recent' })).toBeInTheDocument();
    expect(optionLabels()).toEqual([
      'Clear filters',
      'Add or edit tags',
      'Check and hide',
      'Go to the inbox',
    ]);
  });

  it('filters by the label in either language, ignoring case and width, and runs with Enter', async () => {
    const { input, onRun } = await openPalette();
    await userEvent.type(input, 'ＴＡＧ');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await userEvent.clear(input);
    await userEvent.type(input, '非表示');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(onRun).toHaveBeenCalledWith('hide');
  });

  it('says when nothing matches', async () => {
    const { input } = await openPalette();
    await userEvent.type(input, 'zzz');
    expect(screen.queryAllByRole('option')).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('No command matches.');
  });

  it('moves with the arrow keys, wrapping, and runs the active option', async () => {
    const { input, onRun } = await openPalette();
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const options = screen.getAllByRole('option');
    expect(input).toHaveAttribute('aria-activedescendant', options[2]!.id);
    await userEvent.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(input).toHaveAttribute('aria-activedescendant', options[3]!.id);
    await userEvent.keyboard('{Enter}');
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(onRun).toHaveBeenCalledWith('clear');
  });

  it('does not run on the Enter that ends a composition', async () => {
    const { input, onRun } = await openPalette();
    await userEvent.type(input, 'ひ');
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, isComposing: true }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(onRun).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes on Escape and gives focus back', async () => {
    const { onRun } = await openPalette();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
    expect(onRun).not.toHaveBeenCalled();
  });

  it('runs a clicked option', async () => {
    const { onRun } = await openPalette();
    await userEvent.click(screen.getByRole('option', { name: /Go to the inbox/ }));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(onRun).toHaveBeenCalledWith('inbox');
  });

  it('speaks Japanese', async () => {
    await changeLanguage('jp');
    const { input } = await openPalette({ title: 'コマンド' });
    expect(input).toHaveAccessibleName('コマンドを検索');
  });
});

describe('ShortcutHelp', () => {
  it('lists the shortcuts by group, sequences as "g then i"', async () => {
    render(
      <ShortcutHelp
        open
        onClose={() => undefined}
        groups={[
          { id: 'move', title: 'Moving', items: [{ id: 'next', label: 'Next message', keys: ['j'] }] },
          { id: 'go', title: 'Going', items: [{ id: 'inbox', label: 'Go to the inbox', keys: ['g', 'i'] }] },
        ]}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const going = within(dialog).getByRole('region', { name: 'Going' });
    expect(within(going).getByRole('term')).toHaveTextContent('Go to the inbox');
    expect(within(going).getByRole('definition')).toHaveTextContent('g then i');
  });
});
