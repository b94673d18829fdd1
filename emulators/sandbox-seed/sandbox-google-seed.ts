import { minutesFrom, type GoogleSeed } from '../google/google-seed.ts';

/** Maya's Google account (the first on the consent page) and the `sub` her events belong to. */
export const sandboxGoogleMaya = '118000000000000000001';

/**
 * Google for the sandbox: Maya Chen (the same verified address as her Slack profile) with a day of events around
 * `now` in every state the schedule card shows (ended, on now with Meet, soon with Zoom, later with Teams and a
 * place); 鈴木 一郎 with an empty calendar; and Sam, whose address Google has not verified, for the linking rules.
 */
export function sandboxGoogleSeed(now: number = Date.now()): GoogleSeed {
  const event = (summary: string, fromMinutes: number, toMinutes: number) => ({
    owner: sandboxGoogleMaya,
    summary,
    start: { dateTime: minutesFrom(now, fromMinutes) },
    end: { dateTime: minutesFrom(now, toMinutes) },
  });
  return {
    apps: [
      {
        client_id: 'sandbox-google-client',
        client_secret: 'sandbox-google-secret',
        name: 'Matome (sandbox)',
      },
    ],
    users: [
      {
        sub: sandboxGoogleMaya,
        email: 'maya@acme.example',
        email_verified: true,
        name: 'Maya Chen',
        given_name: 'Maya',
        family_name: 'Chen',
      },
      {
        sub: '118000000000000000002',
        email: 'ichiro@sakura.example',
        email_verified: true,
        name: '鈴木 一郎',
      },
      {
        sub: '118000000000000000003',
        email: 'sam@unverified.example',
        email_verified: false,
        name: 'Sam Rivers',
      },
    ],
    events: [
      { ...event('Morning stand-up', -150, -135), description: 'Yesterday, today, blockers.' },
      {
        ...event('Design review', -10, 20),
        description: 'Walk through the new inbox with the team.',
        hangoutLink: 'https://meet.google.com/abc-defg-hij',
      },
      {
        ...event('Customer call: Sakura Trading', 25, 55),
        conferenceData: {
          conferenceSolution: { key: { type: 'addOn' }, name: 'Zoom Meeting' },
          entryPoints: [{ entryPointType: 'video', uri: 'https://us02web.zoom.us/j/81234567890' }],
        },
      },
      {
        ...event('Quarterly planning', 180, 240),
        location: 'Room 4B, 12th floor',
        conferenceData: {
          conferenceSolution: { key: { type: 'addOn' }, name: 'Microsoft Teams Meeting' },
          entryPoints: [
            { entryPointType: 'video', uri: 'https://teams.microsoft.com/l/meetup-join/19%3ameeting' },
          ],
        },
      },
    ],
  };
}
