import { slackTs, type SlackSeedTeam } from '../../../emulators/slack/slack-seed.ts';
import { createChatworkClient } from '../connectors/chatwork/chatwork-client.ts';
import { createChatworkOAuth } from '../connectors/chatwork/chatwork-oauth.ts';

export const chatworkRedirectUri = 'https://matome.test/api/chatwork/callback';

/** The ChatWork client and OAuth as the app configures them, pointed at an emulator. */
export function chatworkConnectors(emulatorUrl: string) {
  const api = createChatworkClient({ apiUrl: `${emulatorUrl}/v2`, timeoutMs: 5000 });
  const oauth = createChatworkOAuth({
    clientId: 'chatwork-client',
    clientSecret: 'chatwork-secret',
    authorizeUrl: `${emulatorUrl}/packages/oauth2/login.php`,
    tokenUrl: `${emulatorUrl}/token`,
    timeoutMs: 5000,
    api,
  });
  return { api, oauth };
}

/** The consent (the emulator approving at once) and the code exchange, as the connections module makes them. */
export async function connectChatwork(oauth: ReturnType<typeof chatworkConnectors>['oauth']) {
  const codeVerifier = 'v'.repeat(64);
  const redirectUri = chatworkRedirectUri;
  const consent = await fetch(oauth.authorizeUrl({ state: 's', redirectUri, codeVerifier }), {
    redirect: 'manual',
  });
  const code = new URL(consent.headers.get('location')!).searchParams.get('code')!;
  return oauth.exchangeCode({ code, redirectUri, codeVerifier, userId: 'matome-user-1' });
}

/** A free Slack workspace (no user groups) where Eve mentions Dan, posts an all-mention and writes to him. */
export function freeSlackTeam(now: number): SlackSeedTeam {
  const ts = (minutesAgo: number) => slackTs(now, minutesAgo * 60);
  return {
    id: 'T0BENTO01',
    name: 'Bento Club',
    domain: 'bento',
    plan: 'free',
    users: [
      { id: 'U0DAN0000', name: 'dan', real_name: 'Dan Doe' },
      { id: 'U0EVE0000', name: 'eve', real_name: 'Eve East' },
    ],
    conversations: [
      { id: 'C0BENTOGEN', name: 'general', kind: 'public', members: ['U0DAN0000', 'U0EVE0000'] },
      { id: 'D0DANEVE01', kind: 'im', members: ['U0DAN0000', 'U0EVE0000'] },
    ],
    messages: [
      { channel: 'C0BENTOGEN', ts: ts(30), user: 'U0EVE0000', text: '<@U0DAN0000> lunch?' },
      { channel: 'C0BENTOGEN', ts: ts(20), user: 'U0EVE0000', text: '<!channel> bento day' },
      { channel: 'D0DANEVE01', ts: ts(10), user: 'U0EVE0000', text: 'See you there' },
    ],
  };
}
