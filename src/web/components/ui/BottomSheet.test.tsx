import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { BottomSheet } from './BottomSheet.tsx';

function SheetOpener() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit tags
      </button>
      <BottomSheet open={open} onClose={() => setOpen(false)} title="Tags" description="Pick some tags.">
        <label>
          <input type="checkbox" /> Urgent
        </label>
        <label>
          <input type="checkbox" /> Later
        </label>
      </BottomSheet>
    </>
  );
}

async function openSheet() {
  const user = userEvent.setup();
  render(<SheetOpener />);
  await user.click(screen.getByRole('button', { name: 'Edit tags' }));
  return { user, sheet: await screen.findByRole('dialog', { name: 'Tags' }) };
}

function swipe(distance: number) {
  const area = screen.getByTestId('sheet-drag-area');
  fireEvent.pointerDown(area, { clientY: 300, pointerId: 1 });
  fireEvent.pointerMove(area, { clientY: 300 + distance, pointerId: 1 });
  fireEvent.pointerUp(area, { clientY: 300 + distance, pointerId: 1 });
}

describe('BottomSheet', () => {
  it('is a modal dialog that takes focus and gives it back when Escape closes it', async () => {
    const { user, sheet } = await openSheet();
    expect(sheet).toHaveAttribute('aria-modal', 'true');
    expect(sheet).toHaveAccessibleDescription('Pick some tags.');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Urgent' })).toHaveFocus());

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit tags' })).toHaveFocus();
  });

  it('keeps focus inside while open', async () => {
    const { user, sheet } = await openSheet();
    for (let step = 0; step < 5; step += 1) {
      await user.tab();
      expect(sheet).toContainElement(document.activeElement as HTMLElement);
    }
  });

  it('closes on a downward swipe over 100 px and stays open for a shorter one', async () => {
    await openSheet();
    swipe(80);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    swipe(-200);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    swipe(120);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes from its close button', async () => {
    const { user } = await openSheet();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
