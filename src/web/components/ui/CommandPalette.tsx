import type { KeySequence } from '../../lib/shortcut-keys.ts';
import type { CommandPalettePopup } from './CommandPalettePopup.tsx';
import { LazyModal } from './LazyModal.tsx';
import { modalCode } from './modal-code.ts';

export interface PaletteCommand {
  id: string;
  /** The label in the language on screen. */
  label: string;
  /** More texts that find it, such as its label in the other language. */
  keywords?: readonly string[];
  keys?: KeySequence;
}

export interface CommandPaletteProps {
  open: boolean;
  onClose(): void;
  /** The commands that can run now. */
  commands: readonly PaletteCommand[];
  /** Ids of the commands run lately, newest first: they are listed first. */
  recentIds: readonly string[];
  /** Runs a chosen command, once the palette has closed and given focus back. */
  onRun(id: string): void;
}

const popupCode = modalCode<typeof CommandPalettePopup>(() =>
  import('./CommandPalettePopup.tsx').then((module) => module.CommandPalettePopup),
);

/**
 * A command palette (ARIA 1.2 combobox with a list box, in a modal dialog): typing filters the commands by their
 * labels in either language, ignoring case and width; recent commands come first; the arrow keys choose, Enter
 * runs, Escape closes and gives focus back to where it was. Its code comes when first wanted (`LazyModal`);
 * until then a closed palette renders nothing, as it would anyway.
 */
export function CommandPalette(props: CommandPaletteProps) {
  return <LazyModal code={popupCode} modalProps={props} />;
}
