import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { plainTextOf } from '../../../../contract/markup/plain-text.ts';

/** SPEC §5: an event's default title is the message cut at 50 characters, a task's at 100, plus an ellipsis. */
export const EVENT_TITLE_CHARACTERS = 50;
export const TASK_TITLE_CHARACTERS = 100;

/** The message as one line of plain text: markup gone, line breaks as spaces. */
function oneLine(message: UnifiedMessage): string {
  return plainTextOf(message).replace(/\s+/g, ' ').trim();
}

function cut(text: string, characters: number): string {
  const letters = [...text];
  return letters.length > characters ? `${letters.slice(0, characters).join('')}…` : text;
}

export const defaultEventTitle = (message: UnifiedMessage) => cut(oneLine(message), EVENT_TITLE_CHARACTERS);
export const defaultTaskTitle = (message: UnifiedMessage) => cut(oneLine(message), TASK_TITLE_CHARACTERS);

const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * The next hour from `now`, rounded up to the quarter hour (10:07 → 11:15; 10:00 → 11:00). Every time zone's
 * offset is a whole number of quarter hours, so rounding the instant rounds the local time.
 */
export function defaultStart(now: Date): Date {
  return new Date(Math.ceil((now.getTime() + 60 * 60_000) / QUARTER_HOUR_MS) * QUARTER_HOUR_MS);
}

/** The description or notes SPEC §5 prefills: who wrote it, what they wrote and where. */
export function sourceNotes(message: UnifiedMessage, labels: { from: string; link: string }): string {
  return `${labels.from}: ${message.sender.name}\n\n${plainTextOf(message)}\n\n${labels.link}: ${message.original_url}`;
}

/** A `Date`'s local calendar date and wall-clock time as the add-event form and the API take them. */
export function localDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
