import { describe, expect, it } from 'vitest';
import {
  ariaKeyShortcut,
  createSequenceMatcher,
  isComposing,
  isEditable,
  isPaletteChord,
  keystrokeLabel,
  mayTriggerShortcut,
} from './shortcut-keys.ts';

function keydown(
  key: string,
  init: KeyboardEventInit & { keyCode?: number } = {},
  target: Element = document.body,
) {
  const event = new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true, ...init });
  if (init.keyCode !== undefined) Object.defineProperty(event, 'keyCode', { value: init.keyCode });
  Object.defineProperty(event, 'target', { value: target });
  return event;
}

function element(html: string): Element {
  document.body.innerHTML = html;
  return document.body.querySelector('[data-target]')!;
}

describe('mayTriggerShortcut', () => {
  it('lets a plain key on the page through, and Shift for "?"', () => {
    expect(mayTriggerShortcut(keydown('j'))).toBe(true);
    expect(mayTriggerShortcut(keydown('?', { shiftKey: true }))).toBe(true);
  });

  it('refuses keys during a composition: isComposing, or key code 229 as some browsers send', () => {
    expect(mayTriggerShortcut(keydown('j', { isComposing: true }))).toBe(false);
    expect(mayTriggerShortcut(keydown('Process', { keyCode: 229 }))).toBe(false);
    expect(isComposing({ isComposing: false, keyCode: 229 })).toBe(true);
    expect(isComposing({ isComposing: false, keyCode: 74 })).toBe(false);
  });

  it('refuses Ctrl, ⌘ and Alt chords, which the browser and the system own', () => {
    expect(mayTriggerShortcut(keydown('j', { ctrlKey: true }))).toBe(false);
    expect(mayTriggerShortcut(keydown('j', { metaKey: true }))).toBe(false);
    expect(mayTriggerShortcut(keydown('j', { altKey: true }))).toBe(false);
  });

  it('refuses keys typed into fields and editable text, but not on a checkbox', () => {
    for (const html of [
      '<input data-target>',
      '<input type="search" data-target>',
      '<textarea data-target></textarea>',
      '<select data-target><option>a</option></select>',
      '<div contenteditable="true"><p data-target>text</p></div>',
    ]) {
      const target = element(html);
      expect(isEditable(target), html).toBe(true);
      expect(mayTriggerShortcut(keydown('h', {}, target)), html).toBe(false);
    }
    expect(mayTriggerShortcut(keydown('x', {}, element('<input type="checkbox" data-target>')))).toBe(true);
    expect(mayTriggerShortcut(keydown('x', {}, element('<button data-target>b</button>')))).toBe(true);
  });

  it('refuses keys inside a dialog or a menu, which use them themselves', () => {
    expect(
      mayTriggerShortcut(
        keydown('j', {}, element('<div role="dialog"><button data-target>b</button></div>')),
      ),
    ).toBe(false);
    expect(
      mayTriggerShortcut(
        keydown('j', {}, element('<div role="menu"><div role="menuitem" data-target></div></div>')),
      ),
    ).toBe(false);
  });

  it('refuses a key another handler already took', () => {
    const event = keydown('j');
    event.preventDefault();
    expect(mayTriggerShortcut(event)).toBe(false);
  });
});

describe('isPaletteChord', () => {
  it('is ⌘K on Apple devices and Ctrl+K elsewhere, never during a composition', () => {
    expect(isPaletteChord(keydown('k', { ctrlKey: true }), false)).toBe(true);
    expect(isPaletteChord(keydown('K', { ctrlKey: true }), false)).toBe(true);
    expect(isPaletteChord(keydown('k', { metaKey: true }), false)).toBe(false);
    expect(isPaletteChord(keydown('k', { metaKey: true }), true)).toBe(true);
    expect(isPaletteChord(keydown('k', { ctrlKey: true }), true)).toBe(false);
    expect(isPaletteChord(keydown('k', { ctrlKey: true, shiftKey: true }), false)).toBe(false);
    expect(isPaletteChord(keydown('k', { ctrlKey: true, isComposing: true }), false)).toBe(false);
    expect(isPaletteChord(keydown('k'), false)).toBe(false);
  });
});

describe('createSequenceMatcher', () => {
  const matcher = () =>
    createSequenceMatcher([
      { id: 'next', keys: ['j'] },
      { id: 'select', keys: ['x'] },
      { id: 'inbox', keys: ['g', 'i'] },
      { id: 'tags', keys: ['g', 't'] },
      { id: 'tag', keys: ['t'] },
    ]);

  it('matches single keys and nothing for unknown ones', () => {
    const keys = matcher();
    expect(keys.press('j', 0)).toEqual({ kind: 'match', id: 'next' });
    expect(keys.press('z', 10)).toEqual({ kind: 'none' });
  });

  it('matches "g" then "i" within a second, and the second key alone after that', () => {
    const keys = matcher();
    expect(keys.press('g', 0)).toEqual({ kind: 'pending' });
    expect(keys.press('i', 900)).toEqual({ kind: 'match', id: 'inbox' });
    expect(keys.press('g', 2000)).toEqual({ kind: 'pending' });
    expect(keys.press('t', 3100)).toEqual({ kind: 'match', id: 'tag' });
  });

  it('tries a key that breaks a sequence on its own', () => {
    const keys = matcher();
    keys.press('g', 0);
    expect(keys.press('x', 100)).toEqual({ kind: 'match', id: 'select' });
    expect(keys.press('i', 200)).toEqual({ kind: 'none' });
  });

  it('forgets a started sequence on reset', () => {
    const keys = matcher();
    keys.press('g', 0);
    keys.reset();
    expect(keys.press('t', 100)).toEqual({ kind: 'match', id: 'tag' });
  });
});

describe('labels', () => {
  it('reads the palette chord by platform, and gives aria-keyshortcuts only for single keys', () => {
    expect(keystrokeLabel('mod+k', true)).toEqual(['⌘', 'K']);
    expect(keystrokeLabel('mod+k', false)).toEqual(['Ctrl', 'K']);
    expect(keystrokeLabel('Escape', false)).toEqual(['Esc']);
    expect(ariaKeyShortcut(['h'])).toBe('h');
    expect(ariaKeyShortcut(['?'])).toBe('Shift+?');
    expect(ariaKeyShortcut(['mod+k'], false)).toBe('Control+K');
    expect(ariaKeyShortcut(['g', 'i'])).toBeUndefined();
  });
});
