import type { ReactNode, RefObject } from 'react';
import type { DialogPopup } from './DialogPopup.tsx';
import { LazyModal } from './LazyModal.tsx';
import { modalCode } from './modal-code.ts';

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
  /** Content with nothing to focus in it (text only) can be focused itself, so a keyboard can scroll it. */
  scrollableByKeyboard?: boolean;
}

const popupCode = modalCode<typeof DialogPopup>(() =>
  import('./DialogPopup.tsx').then((module) => module.DialogPopup),
);

/**
 * A modal dialog: focus trapped inside, the rest of the page inert and unscrollable until it closes. Its code comes
 * when first wanted (`LazyModal`); until then a closed dialog renders nothing, as it would anyway.
 */
export function Dialog(props: DialogProps) {
  return <LazyModal code={popupCode} modalProps={props} />;
}
