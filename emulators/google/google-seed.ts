import { z } from 'zod';

const eventDateTimeSchema = z
  .object({ date: z.string().optional(), dateTime: z.string().optional(), timeZone: z.string().optional() })
  .refine((value) => Boolean(value.date) !== Boolean(value.dateTime), 'give either date or dateTime');

const entryPointSchema = z.object({
  entryPointType: z.enum(['video', 'phone', 'sip', 'more']),
  uri: z.string(),
  label: z.string().optional(),
});

const eventSchema = z.object({
  /** The Google user (`sub`) whose primary calendar holds the event. */
  owner: z.string().min(1),
  id: z.string().optional(),
  summary: z.string(),
  description: z.string().optional(),
  location: z.string().optional(),
  start: eventDateTimeSchema,
  end: eventDateTimeSchema,
  hangoutLink: z.string().optional(),
  conferenceData: z
    .object({
      conferenceId: z.string().optional(),
      conferenceSolution: z.object({ key: z.object({ type: z.string() }), name: z.string() }).optional(),
      entryPoints: z.array(entryPointSchema),
    })
    .optional(),
  status: z.enum(['confirmed', 'tentative', 'cancelled']).optional(),
});

const taskSchema = z.object({
  owner: z.string().min(1),
  taskList: z.string().min(1),
  title: z.string(),
  notes: z.string().optional(),
  due: z.string().optional(),
  status: z.enum(['needsAction', 'completed']).optional(),
});

export const googleSeedSchema = z.object({
  apps: z.array(
    z.object({
      client_id: z.string().min(1),
      client_secret: z.string().min(1),
      name: z.string().optional(),
      /** When given, only these redirect URIs are accepted (Google compares them exactly). */
      redirect_uris: z.array(z.string().url()).optional(),
    }),
  ),
  /** Google accounts that can sign in on the consent page. */
  users: z
    .array(
      z.object({
        sub: z.string().regex(/^\d+$/),
        email: z.string().email(),
        email_verified: z.boolean(),
        name: z.string().min(1),
        given_name: z.string().optional(),
        family_name: z.string().optional(),
        picture: z.string().optional(),
        locale: z.string().optional(),
        /** Each account's default task list (`@default`); more lists come from `taskLists`. */
        defaultTaskList: z.string().optional(),
      }),
    )
    .min(1),
  events: z.array(eventSchema),
  taskLists: z.array(z.object({ owner: z.string(), id: z.string(), title: z.string() })).optional(),
  tasks: z.array(taskSchema).optional(),
});

export type GoogleSeed = z.infer<typeof googleSeedSchema>;
export type GoogleSeedUser = GoogleSeed['users'][number];
export type GoogleSeedEvent = GoogleSeed['events'][number];

/** An RFC 3339 time in UTC, `minutes` from `now` (epoch ms). */
export function minutesFrom(now: number, minutes: number): string {
  return new Date(now + minutes * 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * A small deterministic seed for tests: one OAuth app (`google-client` / `google-secret`), Grace (verified
 * e-mail, signs in by default) with events around `now` (a Meet call on now, a Zoom call soon, one ended two hours
 * ago, one later), and Ulrich, whose e-mail Google has not verified.
 */
export function defaultGoogleSeed(now: number = Date.now()): GoogleSeed {
  return {
    apps: [{ client_id: 'google-client', client_secret: 'google-secret', name: 'Matome test' }],
    users: [
      {
        sub: '110000000000000000001',
        email: 'grace@example.com',
        email_verified: true,
        name: 'Grace Hopper',
        given_name: 'Grace',
        family_name: 'Hopper',
      },
      {
        sub: '110000000000000000002',
        email: 'ulrich@example.com',
        email_verified: false,
        name: 'Ulrich Unverified',
      },
    ],
    events: [
      {
        owner: '110000000000000000001',
        summary: 'Design review',
        description: 'Walk through the new inbox.',
        start: { dateTime: minutesFrom(now, -15) },
        end: { dateTime: minutesFrom(now, 15) },
        hangoutLink: 'https://meet.google.com/abc-defg-hij',
      },
      {
        owner: '110000000000000000001',
        summary: 'Customer call',
        location: 'Room 4',
        start: { dateTime: minutesFrom(now, 20) },
        end: { dateTime: minutesFrom(now, 50) },
        conferenceData: {
          conferenceSolution: { key: { type: 'addOn' }, name: 'Zoom Meeting' },
          entryPoints: [{ entryPointType: 'video', uri: 'https://us02web.zoom.us/j/123456789' }],
        },
      },
      {
        owner: '110000000000000000001',
        summary: 'Morning stand-up',
        start: { dateTime: minutesFrom(now, -180) },
        end: { dateTime: minutesFrom(now, -165) },
      },
    ],
  };
}
