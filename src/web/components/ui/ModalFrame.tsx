import * as RadixDialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useRef, type CSSProperties, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

export interface ModalFrameProps {
  open: boolean;
  /** Called on Escape, a backdrop click or the close button; the parent decides whether `open` becomes false. */
  onClose: () => void;
  /** Whether the children hold a Radix `Description`; without one the content is described by nothing. */
  described: boolean;
  className: string;
  style?: CSSProperties;
  /** Receives focus on open instead of the first focusable element. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Receives focus on close instead of the element that was focused when the frame opened. */
  returnFocusRef?: RefObject<HTMLElement | null>;
  /** Runs once the frame has closed and given focus back. */
  onClosed?: () => void;
  /** A Radix `Title` (and `Description`) and the content. */
  children: ReactNode;
}

/**
 * What Dialog and BottomSheet share: a modal Radix dialog over a dimmed backdrop, with focus trapped inside and given
 * back on close, and a close button.
 */
export function ModalFrame({
  open,
  onClose,
  described,
  className,
  style,
  initialFocusRef,
  returnFocusRef,
  onClosed,
  children,
}: ModalFrameProps) {
  const { t } = useTranslation('ui');
  // Radix returns focus only to its own Trigger component; our modals are opened by arbitrary elements.
  const openerRef = useRef<HTMLElement | null>(null);

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
          {...(described ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={(event) => {
            openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
            const initial = initialFocusRef?.current;
            if (initial) {
              event.preventDefault();
              initial.focus();
            }
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            const target = returnFocusRef?.current ?? openerRef.current;
            openerRef.current = null;
            if (target?.isConnected) target.focus();
            onClosed?.();
          }}
          // Outside the modal only the backdrop and toasts take pointer events. Closing a toast must not close the
          // modal too, and by the time Radix reports the click the toast may already have left the DOM.
          onInteractOutside={(event) => {
            const target = event.target;
            if (!(target instanceof Element) || !target.isConnected || target.closest('[aria-live]')) {
              event.preventDefault();
            }
          }}
          className={className}
          style={style}
        >
          {children}
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

/** A modal's title and, when it has one, its description, as every dialog and sheet shows them. */
export function ModalHeading({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <>
      <RadixDialog.Title className="text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
      {description !== undefined && (
        <RadixDialog.Description className="mt-1 text-sm text-slate-600">
          {description}
        </RadixDialog.Description>
      )}
    </>
  );
}
