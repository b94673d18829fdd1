import type { GithubSeed } from '../github/github-seed.ts';

/**
 * GitHub for the sandbox: Maya Chen with a verified primary address (the one she uses on Slack), and Ken, whose
 * only address GitHub has not verified.
 */
export function sandboxGithubSeed(): GithubSeed {
  return {
    apps: [
      {
        client_id: 'sandbox-github-client',
        client_secret: 'sandbox-github-secret',
        name: 'Matome (sandbox)',
      },
    ],
    users: [
      {
        id: 7100001,
        login: 'mayachen',
        name: 'Maya Chen',
        email: null,
        emails: [{ email: 'maya@acme.example', primary: true, verified: true, visibility: 'private' }],
      },
      {
        id: 7100002,
        login: 'ken-w',
        name: '渡辺 健',
        email: null,
        emails: [{ email: 'ken@acme.example', primary: true, verified: false, visibility: 'private' }],
      },
    ],
  };
}
