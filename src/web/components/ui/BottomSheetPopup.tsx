import { useRef, useState, type PointerEvent } from 'react';
import type { BottomSheetProps } from './BottomSheet.tsx';
import { ModalFrame, ModalHeading } from './ModalFrame.tsx';

/** SPEC §5 and §9: dragging a sheet down further than this closes it. */
const SWIPE_CLOSE_DISTANCE_PX = 100;

/** The sheet itself, once its code has come (see `BottomSheet`). */
export function BottomSheetPopup({ open, onClose, title, description, children, footer }: BottomSheetProps) {
  const dragStart = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  const startDrag = (event: PointerEvent<HTMLDivElement>) => {
    dragStart.current = event.clientY;
    event.currentTarget.setPointerCapture?.(event.pointerId);
  };
  const drag = (event: PointerEvent<HTMLDivElement>) => {
    if (dragStart.current === null) return;
    setOffset(Math.max(0, event.clientY - dragStart.current));
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (dragStart.current === null) return;
    const distance = event.clientY - dragStart.current;
    dragStart.current = null;
    setOffset(0);
    if (distance > SWIPE_CLOSE_DISTANCE_PX) onClose();
  };

  return (
    <ModalFrame
      open={open}
      onClose={onClose}
      described={description !== undefined}
      style={offset ? { transform: `translateY(${offset}px)` } : undefined}
      className="fixed inset-x-0 bottom-0 z-40 mx-auto flex max-h-[85dvh] w-full max-w-lg flex-col rounded-t-2xl bg-white pb-[max(1rem,env(safe-area-inset-bottom))] shadow-xl focus:outline-none sm:bottom-4 sm:rounded-2xl"
    >
      <div
        data-testid="sheet-drag-area"
        onPointerDown={startDrag}
        onPointerMove={drag}
        onPointerUp={endDrag}
        onPointerCancel={() => {
          dragStart.current = null;
          setOffset(0);
        }}
        className="cursor-grab touch-none px-5 pt-2 pr-14 pb-3 select-none"
      >
        <div aria-hidden="true" className="mx-auto mb-3 h-1.5 w-10 rounded-full bg-slate-300" />
        <ModalHeading title={title} description={description} />
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto px-5 text-sm text-slate-700">{children}</div>
      {footer !== undefined && <div className="flex flex-wrap justify-end gap-2 px-5 pt-3">{footer}</div>}
    </ModalFrame>
  );
}
