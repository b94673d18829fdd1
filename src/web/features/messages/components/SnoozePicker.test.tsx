import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { SnoozePicker } from './SnoozePicker.tsx';

/** Thursday 15 January 2026, 10:00 in Tokyo. */
const now = new Date('2026-01-15T10:00:00+09:00');

function renderPicker() {
  const onSnooze = vi.fn<(until: Date) => void>();
  const onCancel = vi.fn();
  render(<SnoozePicker now={now} timeZone="Asia/Tokyo" onSnooze={onSnooze} onCancel={onCancel} />);
  return { user: userEvent.setup(), onSnooze, onCancel };
}

const snoozedUntil = (onSnooze: ReturnType<typeof renderPicker>['onSnooze']) =>
  onSnooze.mock.calls.map(([until]) => until.toISOString());

describe('SnoozePicker', () => {
  it('offers the presets with the times they stand for', () => {
    renderPicker();

    const group = screen.getByRole('group', { name: 'Quick choices' });
    expect(
      [...group.querySelectorAll('button')].map((button) => button.textContent?.replace(/\s+/g, ' ')),
    ).toEqual([
      'Later today Thu 15 Jan, 13:00',
      'This evening Thu 15 Jan, 18:00',
      'Tomorrow morning Fri 16 Jan, 09:00',
      'Next Monday Mon 19 Jan, 09:00',
    ]);
  });

  it('snoozes at once with a preset', async () => {
    const { user, onSnooze } = renderPicker();

    await user.click(screen.getByRole('button', { name: /Tomorrow morning/ }));

    expect(snoozedUntil(onSnooze)).toEqual(['2026-01-16T00:00:00.000Z']);
  });

  it('says back the time it read, live, and snoozes to it on confirm', async () => {
    const { user, onSnooze } = renderPicker();
    const field = screen.getByRole('textbox', { name: 'Or type when' });
    const confirm = screen.getByRole('button', { name: 'Snooze' });
    expect(confirm).toBeDisabled();

    await user.type(field, 'tomorrow 3pm');

    const feedback = screen.getByText('Snoozes until Fri 16 Jan, 15:00');
    expect(feedback).toHaveAttribute('aria-live', 'polite');
    expect(field).toHaveAccessibleDescription('Snoozes until Fri 16 Jan, 15:00');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(confirm).toBeEnabled();

    await user.click(confirm);
    expect(snoozedUntil(onSnooze)).toEqual(['2026-01-16T06:00:00.000Z']);
  });

  it.each([
    ['next banana', 'That is not a time we can read. Try “tomorrow 3pm”, “in 2 hours” or “next Mon 9:00”.'],
    ['yesterday', 'That time has already passed. Choose a time in the future.'],
    ['in 2 years', 'That is more than a year ahead. Choose a time within a year.'],
  ])('refuses "%s" with a reason and keeps Snooze disabled', async (phrase, reason) => {
    const { user, onSnooze } = renderPicker();
    const field = screen.getByRole('textbox', { name: 'Or type when' });

    await user.type(field, `${phrase}{Enter}`);

    expect(screen.getByText(reason)).toHaveAttribute('aria-live', 'polite');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Snooze' })).toBeDisabled();
    expect(onSnooze).not.toHaveBeenCalled();
  });

  it('confirms with Enter', async () => {
    const { user, onSnooze } = renderPicker();

    await user.type(screen.getByRole('textbox', { name: 'Or type when' }), 'in 2 hours{Enter}');

    expect(snoozedUntil(onSnooze)).toEqual(['2026-01-15T03:00:00.000Z']);
  });

  it('does not confirm with the Enter that ends a Japanese input method composition', () => {
    const { onSnooze } = renderPicker();
    const field = screen.getByRole('textbox', { name: 'Or type when' });

    fireEvent.compositionStart(field);
    fireEvent.input(field, { target: { value: '明日15時' } });
    fireEvent.keyDown(field, { key: 'Enter', isComposing: true });
    fireEvent.compositionEnd(field);
    // Safari sends the committing Enter after compositionend, as keyCode 229.
    fireEvent.keyDown(field, { key: 'Enter', keyCode: 229 });
    expect(onSnooze).not.toHaveBeenCalled();
    expect(screen.getByText('Snoozes until Fri 16 Jan, 15:00')).toBeInTheDocument();

    fireEvent.keyDown(field, { key: 'Enter', keyCode: 13 });
    expect(snoozedUntil(onSnooze)).toEqual(['2026-01-16T06:00:00.000Z']);
  });

  it('cancels', async () => {
    const { user, onCancel, onSnooze } = renderPicker();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSnooze).not.toHaveBeenCalled();
  });

  it('speaks Japanese, and reads English in it too', async () => {
    await changeLanguage('jp');
    const { user, onSnooze } = renderPicker();

    expect(screen.getByRole('button', { name: '今日の夕方 1月15日(木) 18:00' })).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: '日時を入力' });

    await user.type(field, '金曜の夕方');
    expect(screen.getByText('1月16日(金) 18:00までスヌーズします')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'in 2 hours');
    expect(screen.getByText('1月15日(木) 12:00までスヌーズします')).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'ばなな');
    expect(screen.getByText(/日時として読み取れませんでした。/)).toBeInTheDocument();

    await user.clear(field);
    await user.type(field, 'あさっての朝');
    await user.click(screen.getByRole('button', { name: 'スヌーズする' }));
    expect(snoozedUntil(onSnooze)).toEqual(['2026-01-17T00:00:00.000Z']);
  });
});
