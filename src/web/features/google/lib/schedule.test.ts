import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CalendarEvent } from '../../../../contract/google.ts';
import { eventState, meetingKind, todayWindow } from './schedule.ts';

const now = Date.parse('2026-11-24T10:00:00Z');
const at = (minutes: number) => new Date(now + minutes * 60_000).toISOString();
const event = (from: number, to: number): CalendarEvent => ({
  id: 'e',
  summary: 'x',
  start: { dateTime: at(from) },
  end: { dateTime: at(to) },
  meetingUrl: null,
});

describe('eventState', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(now);
  });
  afterEach(() => vi.useRealTimers());

  it.each([
    ['current', -10, 20],
    ['current', 0, 30],
    ['soon', 1, 30],
    ['soon', 30, 60],
    ['upcoming', 31, 60],
    ['ended', -90, 0],
    ['ended', -120, -60],
    ['completed', -120, -61],
  ] as const)('is %s for an event from %i to %i minutes', (state, from, to) => {
    expect(eventState(event(from, to), Date.now())).toBe(state);
  });
});

describe('meetingKind', () => {
  it.each([
    ['https://meet.google.com/abc-defg-hij', 'meet'],
    ['https://us02web.zoom.us/j/81234567890', 'zoom'],
    ['https://teams.microsoft.com/l/meetup-join/19%3ameeting', 'teams'],
    ['https://teams.live.com/meet/123', 'teams'],
    ['https://example.com/room', 'join'],
    ['https://notzoom.us.example.com/', 'join'],
    ['not a url', 'join'],
  ] as const)('labels %s as %s', (url, kind) => {
    expect(meetingKind(url)).toBe(kind);
  });
});

describe('todayWindow', () => {
  it('runs from local midnight to the next local midnight', () => {
    const { timeMin, timeMax } = todayWindow(new Date(2026, 10, 24, 15, 30).getTime());
    expect(new Date(timeMin)).toEqual(new Date(2026, 10, 24));
    expect(new Date(timeMax)).toEqual(new Date(2026, 10, 25));
  });
});
