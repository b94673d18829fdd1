/** The browser's IANA time zone, which snooze phrases are read in and snooze times shown in. */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}
