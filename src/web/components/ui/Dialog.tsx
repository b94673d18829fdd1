import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { keepOpenForToasts, useFocusReturn } from './use-focus-return.ts';

export interface DialogProps {
  open: boolean;
  /** Called on Escape, a backdrop click or the close button; the parent decides whether `open` becomes false. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Actions, aligned to the end, below the content. */
  footer?: ReactNode;
  /** Receives focus on open instead of the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Receives focus on close instead of the element that was focused when the dialog opened. */
  returnFocusRef?: RefObject<HTMLElement | null>;
}

/** A modal dialog: focus trapped inside, the rest of the page inert and unscrollable until it closes. */
export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  initialFocusRef,
  returnFocusRef,
}: DialogProps) {
  const { t } = useTranslation('ui');
  const focusReturn = useFocusReturn(initialFocusRef, returnFocusRef);

  return (
    <RadixDialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
        <RadixDialog.Content
          aria-modal="true"
          {...focusReturn}
          onInteractOutside={keepOpenForToasts}
          className="fixed top-1/2 left-1/2 z-40 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl bg-white py-6 shadow-xl focus:outline-none"
        >
          <div className="px-6 pr-14">
            <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
            {description !== undefined && (
              <RadixDialog.Description className="mt-1 text-sm text-slate-600">
                {description}
              </RadixDialog.Description>
            )}
          </div>
          {children !== undefined && (
            <div className="min-h-0 flex-1 overflow-y-auto px-6 text-sm text-slate-700">{children}</div>
          )}
          {footer !== undefined && <div className="flex flex-wrap justify-end gap-2 px-6 pt-2">{footer}</div>}
          {/* Last in the DOM, so opening focuses the content's first control rather than this button. */}
          <RadixDialog.Close
            aria-label={t('dialog.close')}
            className="absolute top-3 right-3 rounded-lg p-1.5 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900"
          >
            <X aria-hidden="true" className="size-5" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
