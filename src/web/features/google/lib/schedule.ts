import type { CalendarEvent } from '../../../../contract/google.ts';

/** SPEC §2: an event starting within 30 minutes is "soon"; one that ended over an hour ago is "completed". */
const SOON_MS = 30 * 60_000;
const COMPLETED_AFTER_MS = 60 * 60_000;

export type EventState = 'current' | 'soon' | 'upcoming' | 'ended' | 'completed';

/** When an event starts or ends, in epoch ms; an all-day date counts from the browser's local midnight. */
export function eventTime(time: CalendarEvent['start']): number {
  if (time.dateTime) return Date.parse(time.dateTime);
  const [year, month, day] = (time.date ?? '').split('-').map(Number);
  return new Date(year!, month! - 1, day!).getTime();
}

export function eventState(event: CalendarEvent, now: number): EventState {
  const start = eventTime(event.start);
  const end = eventTime(event.end);
  if (start <= now && now < end) return 'current';
  if (now < start) return start - now <= SOON_MS ? 'soon' : 'upcoming';
  return now - end > COMPLETED_AFTER_MS ? 'completed' : 'ended';
}

export type MeetingKind = 'meet' | 'zoom' | 'teams' | 'join';

/** The label SPEC §2 gives a meeting link: Meet, Zoom, Teams, or Join for any other. */
export function meetingKind(url: string): MeetingKind {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return 'join';
  }
  const on = (domain: string) => host === domain || host.endsWith(`.${domain}`);
  if (on('meet.google.com')) return 'meet';
  if (on('zoom.us') || on('zoom.com')) return 'zoom';
  if (on('teams.microsoft.com') || on('teams.live.com')) return 'teams';
  return 'join';
}

/** Today in the browser's time zone: local midnight to the next local midnight (DST days are 23 or 25 hours). */
export function todayWindow(now: number): { timeMin: string; timeMax: string } {
  const date = new Date(now);
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const end = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 1);
  return { timeMin: start.toISOString(), timeMax: end.toISOString() };
}
