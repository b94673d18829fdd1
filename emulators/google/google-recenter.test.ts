import { describe, expect, it } from 'vitest';
import { defaultGoogleSeed } from './google-seed.ts';
import { GoogleStore } from './google-store.ts';

describe('Google emulator: the seeded day again from now', () => {
  it('moves every timed event by the time passed since the events were laid out', () => {
    const seededAt = Date.parse('2026-11-22T10:00:00Z');
    const store = new GoogleStore(defaultGoogleSeed(seededAt), seededAt);
    const starts = () =>
      store.events.map((event) => event.start.dateTime && Date.parse(event.start.dateTime));
    const ends = () => store.events.map((event) => event.end.dateTime && Date.parse(event.end.dateTime));
    const [startsBefore, endsBefore] = [starts(), ends()];
    const shift = 45 * 60_000;

    store.recenter(seededAt + shift);
    expect(starts()).toEqual(startsBefore.map((time) => time && time + shift));
    expect(ends()).toEqual(endsBefore.map((time) => time && time + shift));
    // A second call moves them by the time since the first only.
    store.recenter(seededAt + shift);
    expect(starts()).toEqual(startsBefore.map((time) => time && time + shift));
  });
});
