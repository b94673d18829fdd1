import type { DialogProps } from './Dialog.tsx';
import { ModalFrame, ModalHeading } from './ModalFrame.tsx';

/** The dialog itself, once its code has come (see `Dialog`). */
export function DialogPopup({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  initialFocusRef,
  returnFocusRef,
  scrollableByKeyboard = false,
}: DialogProps) {
  return (
    <ModalFrame
      open={open}
      onClose={onClose}
      described={description !== undefined}
      initialFocusRef={initialFocusRef}
      returnFocusRef={returnFocusRef}
      className="fixed top-1/2 left-1/2 z-40 flex max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col gap-4 rounded-xl bg-white py-6 shadow-xl focus:outline-none"
    >
      <div className="px-6 pr-14">
        <ModalHeading title={title} description={description} />
      </div>
      {children !== undefined && (
        <div
          tabIndex={scrollableByKeyboard ? 0 : undefined}
          className="min-h-0 flex-1 overflow-y-auto px-6 text-sm text-slate-700 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {children}
        </div>
      )}
      {footer !== undefined && <div className="flex flex-wrap justify-end gap-2 px-6 pt-2">{footer}</div>}
    </ModalFrame>
  );
}
