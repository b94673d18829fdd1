import type { ReactNode } from 'react';
import type { BottomSheetPopup } from './BottomSheetPopup.tsx';
import { LazyModal } from './LazyModal.tsx';
import { modalCode } from './modal-code.ts';

export interface BottomSheetProps {
  open: boolean;
  /** Called on Escape, a backdrop click, the close button or a downward swipe over 100 px. */
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Actions below the scrolling content. */
  footer?: ReactNode;
}

const popupCode = modalCode<typeof BottomSheetPopup>(() =>
  import('./BottomSheetPopup.tsx').then((module) => module.BottomSheetPopup),
);

/**
 * A modal sheet rising from the bottom of the screen (centred on wide screens): focus trapped inside and given back
 * on close. Its handle and heading can be dragged down to close it. Its code comes when first wanted
 * (`LazyModal`); until then a closed sheet renders nothing, as it would anyway.
 */
export function BottomSheet(props: BottomSheetProps) {
  return <LazyModal code={popupCode} modalProps={props} />;
}
