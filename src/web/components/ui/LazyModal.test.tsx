import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { LazyModal } from './LazyModal.tsx';
import { modalCode } from './modal-code.ts';

type FakeProps = { open: boolean; title: string };

function FakeModal({ open, title }: FakeProps) {
  return open ? <div role="dialog" aria-label={title} /> : null;
}

function Opener({ code }: { code: ReturnType<typeof modalCode<typeof FakeModal>> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <LazyModal code={code} modalProps={{ open, title: 'Settings' }} />
    </>
  );
}

// The module remembers the person's first interaction, as a page does: the tests run in this order.
describe('LazyModal', () => {
  it('fetches nothing while the page loads, and the code at the first pointer move', () => {
    const fetchCode = vi.fn(() => Promise.resolve(FakeModal));
    render(<Opener code={modalCode(fetchCode)} />);
    expect(fetchCode).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.pointerMove(window);
    fireEvent.pointerMove(window);
    expect(fetchCode).toHaveBeenCalledTimes(1);
  });

  it('fetches at once once the person has interacted, and opens with the code', async () => {
    const fetchCode = vi.fn(() => Promise.resolve(FakeModal));
    render(<Opener code={modalCode(fetchCode)} />);
    expect(fetchCode).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    expect(fetchCode).toHaveBeenCalledTimes(1);
  });

  it('opens when the code arrives, if it had not come yet', async () => {
    let arrive: (modal: typeof FakeModal) => void = () => undefined;
    const fetchCode = vi.fn(() => new Promise<typeof FakeModal>((resolve) => (arrive = resolve)));
    render(<Opener code={modalCode(fetchCode)} />);

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    arrive(FakeModal);
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
  });

  it('asks again at the next click when the code could not be fetched', async () => {
    const fetchCode = vi
      .fn<() => Promise<typeof FakeModal>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(FakeModal);
    render(<Opener code={modalCode(fetchCode)} />);
    // The fetch ahead failed quietly.
    await vi.waitFor(() => expect(fetchCode).toHaveBeenCalledTimes(1));

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    await vi.waitFor(() => expect(fetchCode).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open' }));
    expect(await screen.findByRole('dialog', { name: 'Settings' })).toBeInTheDocument();
    expect(fetchCode).toHaveBeenCalledTimes(3);
  });
});
