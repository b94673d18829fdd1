import { useLayoutEffect } from 'react';
import {
  createSequenceMatcher,
  isPaletteChord,
  mayTriggerShortcut,
  PALETTE_KEYSTROKE,
  type ShortcutBinding,
} from './shortcut-keys.ts';
import { useStableCallback } from './use-stable-callback.ts';

const MODIFIER_KEYS = new Set(['Shift', 'Control', 'Alt', 'Meta', 'CapsLock', 'AltGraph', 'Dead', 'Process']);

/**
 * Calls `onShortcut(id)` when a binding's keys are pressed anywhere on the page, under the rules of
 * `mayTriggerShortcut`; the palette's chord (`mod+k`) works from a field too. Nothing fires between
 * `compositionstart` and `compositionend`, whatever the key events say. Keep `bindings` stable between renders.
 */
export function useShortcuts<Id>(
  bindings: readonly ShortcutBinding<Id>[],
  onShortcut: (id: Id) => void,
  enabled = true,
): void {
  const handle = useStableCallback(onShortcut);

  // Listening from the frame that shows the page: a key pressed as soon as it is seen is not lost (decision 180).
  useLayoutEffect(() => {
    if (!enabled) return;
    const matcher = createSequenceMatcher(
      bindings.filter((binding) => binding.keys[0] !== PALETTE_KEYSTROKE),
    );
    const palette = bindings.find((binding) => binding.keys[0] === PALETTE_KEYSTROKE);
    let composing = false;

    const onKeyDown = (event: KeyboardEvent) => {
      if (composing || MODIFIER_KEYS.has(event.key)) return;
      if (palette && isPaletteChord(event)) {
        event.preventDefault();
        matcher.reset();
        handle(palette.id);
        return;
      }
      if (!mayTriggerShortcut(event)) {
        matcher.reset();
        return;
      }
      const result = matcher.press(event.key, event.timeStamp);
      if (result.kind === 'none') return;
      event.preventDefault();
      if (result.kind === 'match') handle(result.id);
    };
    const onCompositionStart = () => {
      composing = true;
      matcher.reset();
    };
    // Focus moving on ends a composition too, should a browser not say so.
    const onCompositionEnd = () => {
      composing = false;
    };

    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('compositionstart', onCompositionStart);
    document.addEventListener('compositionend', onCompositionEnd);
    document.addEventListener('focusin', onCompositionEnd);
    return () => {
      document.removeEventListener('focusin', onCompositionEnd);
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('compositionstart', onCompositionStart);
      document.removeEventListener('compositionend', onCompositionEnd);
    };
  }, [bindings, enabled, handle]);
}
