import * as RadixDialog from '@radix-ui/react-dialog';
import { ModalFrame } from '../../../components/ui/ModalFrame.tsx';
import { SCREENSHOT_SIZE } from '../../../../contract/landing-screenshots.ts';

const aspectRatio = SCREENSHOT_SIZE.width / SCREENSHOT_SIZE.height;
/** As wide as fits both 95% of the viewport's width and, below the title bar, 90% of its height. */
const enlargedWidth = `min(calc(95vw - 1rem), calc((90vh - 4rem) * ${aspectRatio}))`;

export interface ScreenshotViewerProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  src: string;
  alt: string;
}

/**
 * A screenshot enlarged over the page (SPEC §2): at most 90% of the viewport's height, closed by Escape, a click
 * outside it or the close button. The shared modal frame traps focus, locks the page's scrolling and gives focus back
 * to the screenshot that opened it.
 */
export function ScreenshotViewer({ open, onClose, title, description, src, alt }: ScreenshotViewerProps) {
  return (
    <ModalFrame
      open={open}
      onClose={onClose}
      described
      className="fixed top-1/2 left-1/2 z-40 flex max-h-[90vh] max-w-[95vw] -translate-x-1/2 -translate-y-1/2 flex-col rounded-xl bg-white p-2 shadow-2xl focus:outline-none"
    >
      <div className="flex h-12 flex-none items-center pr-12 pl-2">
        <RadixDialog.Title className="truncate font-semibold text-slate-900">{title}</RadixDialog.Title>
        <RadixDialog.Description className="sr-only">{description}</RadixDialog.Description>
      </div>
      <img
        src={src}
        alt={alt}
        width={SCREENSHOT_SIZE.width}
        height={SCREENSHOT_SIZE.height}
        style={{ width: enlargedWidth }}
        className="h-auto max-w-none rounded-lg"
      />
    </ModalFrame>
  );
}
