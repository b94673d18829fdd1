import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { SnoozeDialog } from './SnoozeDialog.tsx';

const now = new Date('2026-01-15T10:00:00+09:00');

function SnoozeButton({ count, onSnooze }: { count?: number; onSnooze: (until: Date) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open snooze
      </button>
      <SnoozeDialog
        open={open}
        count={count}
        now={now}
        timeZone="Asia/Tokyo"
        onSnooze={(until) => {
          onSnooze(until);
          setOpen(false);
        }}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}

async function openDialog(count?: number) {
  const user = userEvent.setup();
  const onSnooze = vi.fn<(until: Date) => void>();
  render(<SnoozeButton count={count} onSnooze={onSnooze} />);
  await user.click(screen.getByRole('button', { name: 'Open snooze' }));
  return { user, onSnooze, dialog: await screen.findByRole('dialog') };
}

describe('SnoozeDialog', () => {
  it('opens on the free-text field, titled for one message or a selection', async () => {
    const { dialog } = await openDialog();

    expect(dialog).toHaveAccessibleName('Snooze the message');
    expect(dialog).toHaveAccessibleDescription(
      'Snoozed messages leave the list and come back at the time you choose.',
    );
    // The dialog moves focus once it is on screen.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Or type when' })).toHaveFocus());
  });

  it('names the size of a selection', async () => {
    const { dialog } = await openDialog(3);
    expect(dialog).toHaveAccessibleName('Snooze 3 messages');
  });

  it('closes on Escape and gives focus back to what opened it', async () => {
    const { user, onSnooze } = await openDialog();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open snooze' })).toHaveFocus();
    expect(onSnooze).not.toHaveBeenCalled();
  });

  it('snoozes to a typed time and closes', async () => {
    const { user, onSnooze } = await openDialog();

    await user.keyboard('next fri 5pm{Enter}');

    expect(onSnooze.mock.calls.map(([until]) => until.toISOString())).toEqual(['2026-01-23T08:00:00.000Z']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open snooze' })).toHaveFocus();
  });

  it('closes with Cancel', async () => {
    const { user } = await openDialog();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
