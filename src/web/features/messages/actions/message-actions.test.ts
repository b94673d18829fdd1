import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/triage.json';
import jp from '../../../locales/jp/triage.json';
import { actionLabelIn } from './action-labels.ts';
import {
  declarationOf,
  isAvailable,
  labelVariant,
  messageActionIds,
  messageActions,
  selectionActionIds,
  type ActionContext,
  type MessageActionHandlers,
} from './message-actions.ts';

const idle: ActionContext = {
  focused: false,
  selected: 0,
  pageSelection: 'none',
  canUndo: false,
  filtersActive: false,
  activeTypes: [],
  hiddenCount: 0,
  showingHidden: false,
};

describe('the message action registry', () => {
  it('makes a handler for every action required: leaving one out does not compile', () => {
    const noop = () => undefined;
    // @ts-expect-error -- every declared action needs its handler.
    const incomplete: MessageActionHandlers = { next: noop };
    expect(incomplete).toBeDefined();
  });

  it('gives every action a label in both languages, and every selection action a bulk label', () => {
    for (const id of messageActionIds) {
      expect(en.actions[id].label, id).toBeTruthy();
      expect(jp.actions[id].label, id).toBeTruthy();
    }
    for (const id of selectionActionIds) {
      expect(actionLabelIn('en', id, 'bulk')).not.toBe(actionLabelIn('en', id));
      expect(actionLabelIn('jp', id, 'bulk')).not.toBe(actionLabelIn('jp', id));
      expect(messageActions[id].icon).toBeDefined();
    }
  });

  it('binds each key sequence to one action only', () => {
    const sequences = messageActionIds.flatMap((id) => {
      const keys = declarationOf(id).keys;
      return keys ? [keys.join(' ')] : [];
    });
    expect(new Set(sequences).size).toBe(sequences.length);
    // A key that starts a sequence is not an action of its own.
    const firsts = new Set(sequences.filter((keys) => keys.includes(' ')).map((keys) => keys.split(' ')[0]));
    expect(sequences.filter((keys) => firsts.has(keys))).toEqual([]);
  });

  it('offers card actions only for a focused card, and selection actions for a selection too', () => {
    expect(isAvailable('reply', idle)).toBe(false);
    expect(isAvailable('reply', { ...idle, focused: true })).toBe(true);
    expect(isAvailable('hide', idle)).toBe(false);
    expect(isAvailable('hide', { ...idle, selected: 2 })).toBe(true);
    expect(isAvailable('undo', idle)).toBe(false);
    expect(isAvailable('undo', { ...idle, canUndo: true })).toBe(true);
    expect(isAvailable('clearSelection', { ...idle, selected: 1 })).toBe(true);
    expect(isAvailable('goTags', idle)).toBe(true);
  });

  it('names a selection action by its bulk form while messages are selected, and toggles by their state', () => {
    expect(labelVariant('hide', { ...idle, focused: true })).toBe('label');
    expect(labelVariant('hide', { ...idle, selected: 3 })).toBe('bulk');
    expect(actionLabelIn('jp', 'hide', 'bulk')).toBe('選択したメッセージを非表示');
    expect(labelVariant('filterDm', { ...idle, activeTypes: ['dm'] })).toBe('off');
    expect(labelVariant('selectPage', { ...idle, pageSelection: 'all' })).toBe('off');
    expect(actionLabelIn('en', 'goInbox', 'off')).toBe('Go to the inbox');
  });
});
