/**
 * The date (`YYYY-MM-DD`) and the minutes since midnight (seconds as a fraction) of `at` on the wall clock of
 * `timeZone`: what quiet hours and the morning digest are set in.
 */
export function wallClock(at: Date, timeZone: string): { date: string; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(at);
  const part = (type: string) => parts.find((candidate) => candidate.type === type)?.value ?? '00';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    minutes: Number(part('hour')) * 60 + Number(part('minute')) + Number(part('second')) / 60,
  };
}
