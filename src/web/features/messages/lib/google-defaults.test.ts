import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { defaultEventTitle, defaultStart, defaultTaskTitle } from './google-defaults.ts';

const message = (platform: 'slack' | 'chatwork', text: string) =>
  ({
    platform,
    content: text,
    sender: { name: 'Ben' },
    original_url: 'https://x',
  }) as unknown as UnifiedMessage;

describe('default titles', () => {
  it('strip markup, join lines with spaces and cut at 50 characters plus an ellipsis', () => {
    const slack = message(
      'slack',
      '*Design* review\nwith <https://example.com|the team> tomorrow at ten, please confirm today',
    );
    expect(defaultEventTitle(slack)).toBe('Design review with the team tomorrow at ten, pleas…');
    expect([...defaultEventTitle(slack)]).toHaveLength(51);
  });

  it('keep short texts whole, and count Japanese by characters', () => {
    expect(defaultEventTitle(message('chatwork', '[To:1001]Aikoさん\n明日の会議'))).toBe(
      'Aikoさん 明日の会議',
    );
    const long = 'あ'.repeat(120);
    expect(defaultTaskTitle(message('chatwork', long))).toBe(`${'あ'.repeat(100)}…`);
  });
});

describe('defaultStart', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it.each([
    ['10:07', '11:15'],
    ['10:00', '11:00'],
    ['10:15', '11:15'],
    ['10:46', '12:00'],
    ['23:50', '01:00'],
  ])('is %s + 1 hour rounded up to the quarter: %s', (from, expected) => {
    const [hours, minutes] = from.split(':').map(Number);
    vi.setSystemTime(new Date(2026, 10, 24, hours, minutes));
    const start = defaultStart(new Date());
    expect(
      `${String(start.getHours()).padStart(2, '0')}:${String(start.getMinutes()).padStart(2, '0')}`,
    ).toBe(expected);
  });

  it('rounds up a time with seconds past the quarter', () => {
    vi.setSystemTime(new Date(2026, 10, 24, 10, 15, 30));
    expect(defaultStart(new Date()).getMinutes()).toBe(30);
  });
});
