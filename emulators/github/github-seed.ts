import { z } from 'zod';

export const githubSeedSchema = z.object({
  apps: z.array(
    z.object({
      client_id: z.string().min(1),
      client_secret: z.string().min(1),
      name: z.string().optional(),
      /** The OAuth app's registered callback URL; a `redirect_uri` must be it or below it (GitHub's rule). */
      callback_url: z.string().url().optional(),
    }),
  ),
  users: z
    .array(
      z.object({
        id: z.number().int().positive(),
        login: z.string().min(1),
        name: z.string().nullable(),
        /** The public e-mail shown on the profile, often null. */
        email: z.string().nullable(),
        avatar_url: z.string().optional(),
        emails: z.array(
          z.object({
            email: z.string().email(),
            primary: z.boolean(),
            verified: z.boolean(),
            visibility: z.enum(['public', 'private']).nullable(),
          }),
        ),
      }),
    )
    .min(1),
});

export type GithubSeed = z.infer<typeof githubSeedSchema>;
export type GithubSeedUser = GithubSeed['users'][number];

/**
 * A small deterministic seed: one OAuth app (`github-client` / `github-secret`), Octocat (a verified primary
 * e-mail, signs in by default) and Nova, whose only e-mail is unverified.
 */
export function defaultGithubSeed(): GithubSeed {
  return {
    apps: [{ client_id: 'github-client', client_secret: 'github-secret', name: 'Matome test' }],
    users: [
      {
        id: 583231,
        login: 'octocat',
        name: 'The Octocat',
        email: null,
        emails: [
          { email: 'octocat@example.com', primary: true, verified: true, visibility: 'private' },
          { email: 'octo@users.noreply.example.com', primary: false, verified: true, visibility: null },
        ],
      },
      {
        id: 583232,
        login: 'nova',
        name: null,
        email: null,
        emails: [{ email: 'nova@example.com', primary: true, verified: false, visibility: 'private' }],
      },
    ],
  };
}
