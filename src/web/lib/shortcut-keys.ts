/**
 * The generic part of keyboard shortcuts: which key events may trigger one, and matching single keys and two-key
 * sequences ("g" then "i"). It knows nothing of what the shortcuts do.
 */

/** One keystroke as `KeyboardEvent.key` names it ("j", "?", "Escape"), or "mod+k" for ⌘K on Apple, Ctrl+K elsewhere. */
export type Keystroke = string;
/** One key, or a sequence of keys pressed one after another. */
export type KeySequence = readonly Keystroke[];

/** How long the second key of a sequence may wait for the first. */
export const SEQUENCE_TIMEOUT_MS = 1000;

/** The keystroke that opens the command palette. */
export const PALETTE_KEYSTROKE = 'mod+k';

/** Input types that take no typed text: a shortcut still works while one of them has focus. */
const NON_TEXT_INPUTS = new Set([
  'checkbox',
  'radio',
  'button',
  'submit',
  'reset',
  'image',
  'color',
  'file',
  'range',
]);

/** Widgets that use letter keys themselves (type-ahead, their own keys); shortcuts stay out of them. */
const KEY_OWNING_WIDGETS =
  '[role="dialog"],[role="alertdialog"],[role="menu"],[role="menubar"],[role="listbox"],[role="combobox"],[role="grid"],[role="tree"]';

/** A composition (a Japanese IME, for one) is in progress: the key belongs to it. 229 is what browsers send then. */
export function isComposing(event: Pick<KeyboardEvent, 'isComposing' | 'keyCode'>): boolean {
  return event.isComposing || event.keyCode === 229;
}

/** Whether typing in `target` edits text: a text input, textarea, select or anything contenteditable. */
export function isEditable(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return (
    target.isContentEditable || target.closest('[contenteditable]:not([contenteditable="false"])') !== null
  );
}

function insideKeyOwningWidget(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest(KEY_OWNING_WIDGETS) !== null;
}

export function isApplePlatform(): boolean {
  return (
    typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent)
  );
}

/**
 * Whether a key event may trigger a plain shortcut: not during a composition, not while typing in a field, not
 * inside a dialog, menu or list box that uses the keys itself, and without Ctrl, ⌘ or Alt, which the browser and
 * the operating system own. Shift is allowed, so "?" works on every layout.
 */
export function mayTriggerShortcut(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || isComposing(event)) return false;
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  return !isEditable(event.target) && !insideKeyOwningWidget(event.target);
}

/**
 * ⌘K on Apple devices, Ctrl+K elsewhere: the palette's own chord, which works from a field too. Not during a
 * composition, and not Ctrl+K on a Mac, where text fields use it to cut to the end of the line.
 */
export function isPaletteChord(event: KeyboardEvent, apple = isApplePlatform()): boolean {
  if (isComposing(event) || event.altKey || event.shiftKey || event.key.toLowerCase() !== 'k') return false;
  return apple ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey;
}

export interface ShortcutBinding<Id> {
  id: Id;
  keys: KeySequence;
}

export type MatchResult<Id> = { kind: 'match'; id: Id } | { kind: 'pending' } | { kind: 'none' };

export interface SequenceMatcher<Id> {
  /** Feeds one keystroke at `time` (ms); says whether it completed a binding, started one, or neither. */
  press(key: Keystroke, time: number): MatchResult<Id>;
  reset(): void;
}

const startsWith = (keys: KeySequence, prefix: KeySequence) =>
  prefix.length <= keys.length && prefix.every((key, index) => keys[index] === key);

/**
 * Matches keystrokes against bindings of one or two keys. A sequence's second key must come within `timeoutMs` of
 * the first; a key that breaks a sequence is tried again on its own, so "g" then "x" still selects.
 */
export function createSequenceMatcher<Id>(
  bindings: readonly ShortcutBinding<Id>[],
  timeoutMs = SEQUENCE_TIMEOUT_MS,
): SequenceMatcher<Id> {
  let pending: Keystroke[] = [];
  let pendingSince = 0;

  const attempt = (keys: KeySequence): MatchResult<Id> => {
    const exact = bindings.find(
      (binding) => binding.keys.length === keys.length && startsWith(binding.keys, keys),
    );
    if (exact) return { kind: 'match', id: exact.id };
    return bindings.some((binding) => startsWith(binding.keys, keys))
      ? { kind: 'pending' }
      : { kind: 'none' };
  };

  return {
    press(key, time) {
      if (pending.length > 0 && time - pendingSince <= timeoutMs) {
        const continued = attempt([...pending, key]);
        if (continued.kind !== 'none') {
          pending = continued.kind === 'pending' ? [...pending, key] : [];
          pendingSince = time;
          return continued;
        }
      }
      const fresh = attempt([key]);
      pending = fresh.kind === 'pending' ? [key] : [];
      pendingSince = time;
      return fresh;
    },
    reset() {
      pending = [];
    },
  };
}

/** How a keystroke reads on screen: "⌘ K" on Apple devices, "Ctrl K" elsewhere; "Esc" for Escape. */
export function keystrokeLabel(key: Keystroke, apple = isApplePlatform()): string[] {
  if (key === PALETTE_KEYSTROKE) return [apple ? '⌘' : 'Ctrl', 'K'];
  if (key === 'Escape') return ['Esc'];
  return [key];
}

/** The `aria-keyshortcuts` value of a sequence of one key; sequences have no notation there, so they give none. */
export function ariaKeyShortcut(
  keys: KeySequence | undefined,
  apple = isApplePlatform(),
): string | undefined {
  if (!keys || keys.length !== 1) return undefined;
  const [key] = keys;
  if (key === PALETTE_KEYSTROKE) return apple ? 'Meta+K' : 'Control+K';
  return key === '?' ? 'Shift+?' : key;
}
