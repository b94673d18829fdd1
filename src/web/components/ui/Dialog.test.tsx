import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../lib/i18n.ts';
import { Dialog } from './Dialog.tsx';
import { ToastProvider } from './ToastProvider.tsx';
import { useToast } from './use-toast.ts';

function DeleteAccount({ focusConfirm = false }: { focusConfirm?: boolean }) {
  const [open, setOpen] = useState(false);
  const confirmRef = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete account
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Delete your account?"
        description="This cannot be undone."
        initialFocusRef={focusConfirm ? confirmRef : undefined}
        footer={
          <>
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button ref={confirmRef} type="button">
              Delete
            </button>
          </>
        }
      >
        <p>Your tags and connections will be removed.</p>
      </Dialog>
    </>
  );
}

async function openDialog(props: { focusConfirm?: boolean } = {}) {
  const user = userEvent.setup();
  render(<DeleteAccount {...props} />);
  await user.click(screen.getByRole('button', { name: 'Delete account' }));
  return { user, dialog: await screen.findByRole('dialog') };
}

describe('Dialog', () => {
  it('renders nothing while closed', () => {
    render(<DeleteAccount />);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('is a modal dialog labelled by its title and described by its description', async () => {
    const { dialog } = await openDialog();

    expect(screen.getByRole('dialog', { name: 'Delete your account?' })).toBe(dialog);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
    expect(screen.getByRole('heading', { name: 'Delete your account?' })).toBeVisible();
    expect(dialog).toHaveTextContent('Your tags and connections will be removed.');
  });

  it('moves focus to the first control inside', async () => {
    await openDialog();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
  });

  it('focuses the initial focus element when one is given', async () => {
    await openDialog({ focusConfirm: true });
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const { user } = await openDialog();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const close = screen.getByRole('button', { name: 'Close' });

    await user.tab();
    expect(screen.getByRole('button', { name: 'Delete' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
  });

  it('closes on Escape and returns focus to the element that opened it', async () => {
    const { user } = await openDialog();

    await user.keyboard('{Escape}');

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete account' })).toHaveFocus();
  });

  it('closes on a backdrop click but not on a click inside', async () => {
    const { user, dialog } = await openDialog();

    await user.click(screen.getByText('Your tags and connections will be removed.'));
    expect(dialog).toBeInTheDocument();

    const backdrop = dialog.previousElementSibling;
    if (!(backdrop instanceof HTMLElement)) throw new Error('no backdrop before the dialog');
    await user.click(backdrop);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete account' })).toHaveFocus();
  });

  it('closes with its close button', async () => {
    const { user } = await openDialog();

    await user.click(screen.getByRole('button', { name: 'Close' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete account' })).toHaveFocus();
  });

  it('locks page scrolling while open', async () => {
    const { user } = await openDialog();
    expect(document.body).toHaveAttribute('data-scroll-locked');

    await user.keyboard('{Escape}');
    expect(document.body).not.toHaveAttribute('data-scroll-locked');
  });

  it('hides the rest of the page from assistive technology but keeps notifications audible', async () => {
    const user = userEvent.setup();
    render(
      <ToastProvider>
        <DeleteAccount />
      </ToastProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Delete account' }));

    expect(screen.queryByRole('button', { name: 'Delete account' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notifications' }).closest('[aria-hidden="true"]')).toBeNull();
  });

  it('stays open when a notification shown above the backdrop is closed', async () => {
    function DeleteFailing() {
      const { showToast } = useToast();
      const [open, setOpen] = useState(true);
      return (
        <Dialog
          open={open}
          onClose={() => setOpen(false)}
          title="Delete your account?"
          footer={
            <button type="button" onClick={() => showToast('Cancel the subscription first', 'error', 0)}>
              Delete
            </button>
          }
        />
      );
    }
    // jsdom has no stylesheet to give the toast back the pointer events that the modal takes from the page.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(
      <ToastProvider>
        <DeleteFailing />
      </ToastProvider>,
    );

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(screen.getByRole('button', { name: 'Close notification' }));

    expect(screen.queryByText('Cancel the subscription first')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('labels the close button in Japanese', async () => {
    await changeLanguage('jp');
    await openDialog();

    expect(screen.getByRole('button', { name: '閉じる' })).toBeInTheDocument();
  });
});
