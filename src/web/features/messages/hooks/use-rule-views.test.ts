import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toUnifiedMessage } from '../../../../contract/classification.ts';
import { chatworkResult } from '../../../test/dashboard-fixtures.ts';
import { useRuleViews } from './use-rule-views.ts';

const result = chatworkResult(['plain', 'muted', 'important']);
result.messages[1]!.muted = true;
result.messages[2]!.important = true;
const messages = result.messages.map(toUnifiedMessage);
const pending = chatworkResult(['new', 'new and muted']).messages;
pending[1]!.muted = true;
const night = { start: '22:00', end: '07:00', time_zone: 'Asia/Tokyo' };

const bodies = (shown: readonly { content: string }[]) => shown.map((message) => message.content);

describe('the views rules make', () => {
  it('keeps muted messages out of the inbox and its new-messages count, and lists them under Muted', () => {
    const at = Date.parse('2026-11-28T03:00:00Z'); // noon in Tokyo
    const inbox = renderHook(() => useRuleViews(messages, 'inbox', pending, night, at)).result.current;
    expect(bodies(inbox.messages)).toEqual(['plain', 'important']);
    expect(inbox.pendingCount).toBe(1);
    expect(
      bodies(renderHook(() => useRuleViews(messages, 'muted', pending, null, at)).result.current.messages),
    ).toEqual(['muted']);
    expect(
      bodies(
        renderHook(() => useRuleViews(messages, 'important', pending, null, at)).result.current.messages,
      ),
    ).toEqual(['important']);
  });

  it('holds the new-messages count during quiet hours, across midnight, and gives it back when they end', () => {
    const count = (iso: string) =>
      renderHook(() => useRuleViews(messages, 'inbox', pending, night, Date.parse(iso))).result.current
        .pendingCount;
    expect(count('2026-11-28T14:30:00Z')).toBe(0); // 23:30 in Tokyo
    expect(count('2026-11-28T20:00:00Z')).toBe(0); // 05:00 in Tokyo
    expect(count('2026-11-28T22:00:00Z')).toBe(1); // 07:00 in Tokyo
  });
});
