import { useRef, type RefObject } from 'react';

/**
 * Radix returns focus only to its own Trigger component, and our dialogs and sheets are opened by arbitrary
 * elements: this remembers what had focus when one opened and gives focus back to it (or `returnFocusRef`) on close.
 * Spread the handlers onto Radix Dialog's Content.
 */
export function useFocusReturn(
  initialFocusRef?: RefObject<HTMLElement | null>,
  returnFocusRef?: RefObject<HTMLElement | null>,
) {
  const openerRef = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus(event: Event) {
      openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      const initial = initialFocusRef?.current;
      if (initial) {
        event.preventDefault();
        initial.focus();
      }
    },
    onCloseAutoFocus(event: Event) {
      event.preventDefault();
      const target = returnFocusRef?.current ?? openerRef.current;
      openerRef.current = null;
      if (target?.isConnected) target.focus();
    },
  };
}

/**
 * Outside a dialog only the backdrop and toasts take pointer events. Closing a toast must not close the dialog too,
 * and by the time Radix reports the click the toast may already have left the DOM.
 */
export function keepOpenForToasts(event: { target: EventTarget | null; preventDefault(): void }): void {
  const target = event.target;
  if (!(target instanceof Element) || !target.isConnected || target.closest('[aria-live]')) {
    event.preventDefault();
  }
}
