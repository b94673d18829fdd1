import { fireEvent, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ShortcutBinding } from './shortcut-keys.ts';
import { useShortcuts } from './use-shortcuts.ts';

const bindings: ShortcutBinding<string>[] = [
  { id: 'hide', keys: ['h'] },
  { id: 'help', keys: ['?'] },
  { id: 'inbox', keys: ['g', 'i'] },
  { id: 'palette', keys: ['mod+k'] },
];

function setup() {
  const onShortcut = vi.fn();
  document.body.innerHTML = '<input aria-label="Reply" /><button>Card</button>';
  const hook = renderHook(() => useShortcuts(bindings, onShortcut));
  return {
    onShortcut,
    input: document.querySelector('input')!,
    button: document.querySelector('button')!,
    hook,
  };
}

describe('useShortcuts', () => {
  it('runs single keys, "?" with Shift and "g" then "i", and takes the keys from the page', () => {
    const { onShortcut, button } = setup();
    expect(fireEvent.keyDown(button, { key: 'h' })).toBe(false);
    fireEvent.keyDown(document.body, { key: 'Shift', shiftKey: true });
    fireEvent.keyDown(document.body, { key: '?', shiftKey: true });
    fireEvent.keyDown(document.body, { key: 'g' });
    fireEvent.keyDown(document.body, { key: 'i' });
    expect(onShortcut.mock.calls).toEqual([['hide'], ['help'], ['inbox']]);
  });

  it('leaves keys typed in a field alone, but opens the palette with Ctrl+K from there', () => {
    const { onShortcut, input } = setup();
    expect(fireEvent.keyDown(input, { key: 'h' })).toBe(true);
    expect(onShortcut).not.toHaveBeenCalled();
    expect(fireEvent.keyDown(input, { key: 'k', ctrlKey: true })).toBe(false);
    expect(onShortcut).toHaveBeenCalledWith('palette');
  });

  it('fires nothing during a composition, from compositionstart to compositionend', () => {
    const { onShortcut, input, button } = setup();
    fireEvent.compositionStart(input);
    // The IME's own keydowns: isComposing, key code 229, and even a plain-looking one outside the field.
    fireEvent.keyDown(input, { key: 'h', isComposing: true, keyCode: 229 });
    fireEvent.keyDown(document.body, { key: 'Process', keyCode: 229 });
    fireEvent.keyDown(button, { key: 'h' });
    fireEvent.keyDown(input, { key: 'k', ctrlKey: true, isComposing: true });
    fireEvent.compositionEnd(input, { data: 'へ' });
    // Safari sends the committing key after compositionend, still with key code 229.
    fireEvent.keyDown(button, { key: 'Enter', keyCode: 229 });
    expect(onShortcut).not.toHaveBeenCalled();
    fireEvent.keyDown(button, { key: 'h' });
    expect(onShortcut).toHaveBeenCalledWith('hide');
  });

  it('fires nothing once unmounted', () => {
    const { onShortcut, hook } = setup();
    hook.unmount();
    fireEvent.keyDown(document.body, { key: 'h' });
    expect(onShortcut).not.toHaveBeenCalled();
  });
});
