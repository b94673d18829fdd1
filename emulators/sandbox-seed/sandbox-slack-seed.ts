import { slackTs, type SlackSeed, type SlackSeedMessage } from '../slack/slack-seed.ts';

/** A message line: channel, hours before now, sender, text, and (for replies) the key of the thread parent. */
type Line = [channel: string, hoursAgo: number, user: string, text: string, replyTo?: string];

/** Turns lines keyed by name into Slack messages, giving thread replies their parent's ts. */
function messagesFrom(now: number, lines: Record<string, Line>): SlackSeedMessage[] {
  const tsOf = (key: string) => {
    const line = lines[key];
    if (!line) throw new Error(`Unknown thread parent ${key}`);
    return slackTs(now, Math.round(line[1] * 3600), Object.keys(lines).indexOf(key));
  };
  const parents = new Set(Object.values(lines).flatMap(([, , , , replyTo]) => (replyTo ? [replyTo] : [])));
  return Object.entries(lines).map(([key, [channel, , user, text, replyTo]]) => {
    const threadTs = replyTo ? tsOf(replyTo) : parents.has(key) ? tsOf(key) : undefined;
    return { channel, ts: tsOf(key), user, text, ...(threadTs ? { thread_ts: threadTs } : {}) };
  });
}

/**
 * The sandbox Slack app's app-level token (`authorizations:read`): the app lists who may see an event with it
 * (`apps.event.authorizations.list`).
 */
export const SANDBOX_SLACK_APP_TOKEN = 'xapp-1-A0SANDBOX-1-sandbox';

/**
 * Two workspaces for the sandbox: Acme Corp on a paid plan and 星デザイン on the free plan (no user groups). Maya
 * Chen is in both (U01MAYA00, U02MAYA00) and is the first user of each, so the consent page offers her first. Every
 * kind of message Matome gathers reaches her within the last 7 days.
 */
export function sandboxSlackSeed(now: number = Date.now()): SlackSeed {
  return {
    apps: [
      {
        client_id: 'sandbox-slack-client',
        client_secret: 'sandbox-slack-secret',
        app_id: 'A0SANDBOX',
        name: 'Matome (sandbox)',
      },
    ],
    teams: [
      {
        id: 'T01ACME00',
        name: 'Acme Corp',
        domain: 'acme-corp',
        users: [
          {
            id: 'U01MAYA00',
            name: 'maya',
            real_name: 'Maya Chen',
            display_name: 'Maya',
            email: 'maya@acme.example',
          },
          { id: 'U01KEN000', name: 'ken', real_name: '渡辺 健', display_name: 'けん', tz: 'Asia/Tokyo' },
          { id: 'U01LENA00', name: 'lena', real_name: 'Lena Fischer', tz: 'Europe/Berlin' },
          { id: 'U01RAJ000', name: 'raj', real_name: 'Raj Patel', tz: 'Asia/Kolkata' },
          { id: 'U01YUKI00', name: 'yuki', real_name: '佐々木 由紀', display_name: 'ゆき' },
          { id: 'U01DEPLOY', name: 'deploybot', real_name: 'Deploy Bot', is_bot: true },
        ],
        usergroups: [
          {
            id: 'S01ENG',
            handle: 'engineering',
            name: 'Engineering',
            users: ['U01MAYA00', 'U01RAJ000', 'U01LENA00'],
          },
          { id: 'S01LEADS', handle: 'leads', name: 'Team leads', users: ['U01MAYA00', 'U01KEN000'] },
        ],
        conversations: [
          {
            id: 'C01GENERAL',
            name: 'general',
            kind: 'public',
            is_general: true,
            topic: 'Company-wide news',
            members: ['U01MAYA00', 'U01KEN000', 'U01LENA00', 'U01RAJ000', 'U01YUKI00', 'U01DEPLOY'],
          },
          {
            id: 'C01RANDOM',
            name: 'random',
            kind: 'public',
            members: ['U01MAYA00', 'U01KEN000', 'U01LENA00', 'U01RAJ000', 'U01YUKI00'],
          },
          {
            id: 'C01RELEASES',
            name: 'releases',
            kind: 'public',
            members: ['U01MAYA00', 'U01RAJ000', 'U01DEPLOY'],
          },
          { id: 'C01OSAKA0', name: 'osaka-office', kind: 'public', members: ['U01KEN000', 'U01YUKI00'] },
          {
            id: 'C01LAUNCH',
            name: 'launch-plan',
            kind: 'private',
            members: ['U01MAYA00', 'U01KEN000', 'U01LENA00'],
          },
          { id: 'C01HR0000', name: 'hr-private', kind: 'private', members: ['U01KEN000', 'U01YUKI00'] },
          { id: 'D01KEN000', kind: 'im', members: ['U01MAYA00', 'U01KEN000'] },
          { id: 'D01LENA00', kind: 'im', members: ['U01MAYA00', 'U01LENA00'] },
          { id: 'D01YUKI00', kind: 'im', members: ['U01MAYA00', 'U01YUKI00'] },
          { id: 'G01TRIO00', kind: 'mpim', members: ['U01MAYA00', 'U01KEN000', 'U01RAJ000'] },
        ],
        messages: messagesFrom(now, {
          welcome: [
            'C01GENERAL',
            160,
            'U01KEN000',
            'Welcome to the new quarter, everyone! 新しい四半期もよろしくお願いします。',
          ],
          allHands: [
            'C01GENERAL',
            140,
            'U01KEN000',
            '<!channel> All-hands on Friday at 16:00 in the big room.',
          ],
          allHandsReply: ['C01GENERAL', 139, 'U01LENA00', 'Will it be recorded?', 'allHands'],
          allHandsAnswer: [
            'C01GENERAL',
            138.5,
            'U01KEN000',
            '<@U01LENA00> yes, and <@U01MAYA00> will share the slides.',
            'allHands',
          ],
          here: [
            'C01GENERAL',
            100,
            'U01YUKI00',
            '<!here> 本日17時から避難訓練があります。ご協力お願いします。',
          ],
          everyone: ['C01GENERAL', 30, 'U01KEN000', '<!everyone> Office closed on Monday for maintenance.'],
          lunch: ['C01RANDOM', 120, 'U01RAJ000', 'Anyone up for ramen? 🍜'],
          lunchReply: ['C01RANDOM', 119.5, 'U01MAYA00', 'Count me in!', 'lunch'],
          lunchPing: ['C01RANDOM', 119, 'U01RAJ000', '<@U01MAYA00> meet at the lobby at 12:10', 'lunch'],
          photo: ['C01RANDOM', 60, 'U01LENA00', 'Photos from the team trip are in the shared drive'],
          deploy: ['C01RELEASES', 96, 'U01DEPLOY', 'Deployed v2.3.0 to production'],
          eng: [
            'C01RELEASES',
            95,
            'U01RAJ000',
            '<!subteam^S01ENG|@engineering> please verify your services after the deploy',
          ],
          engReply: ['C01RELEASES', 94, 'U01MAYA00', 'Checked the billing service, all good.', 'eng'],
          hotfix: [
            'C01RELEASES',
            20,
            'U01RAJ000',
            '<@U01MAYA00> can you review the hotfix PR before 18:00? https://example.com/pr/418',
          ],
          osaka: ['C01OSAKA0', 50, 'U01YUKI00', '<@U01KEN000> 大阪オフィスの鍵の件、確認お願いします'],
          plan: ['C01LAUNCH', 150, 'U01LENA00', 'Draft launch plan is ready for comments'],
          planMaya: [
            'C01LAUNCH',
            149,
            'U01KEN000',
            '<@U01MAYA00> 来週のデモの日程を決めたいです。候補を出していただけますか？',
            'plan',
          ],
          planHere: ['C01LAUNCH', 70, 'U01LENA00', '<!here> press embargo lifts Thursday 09:00 CET'],
          leads: [
            'C01LAUNCH',
            40,
            'U01KEN000',
            '<!subteam^S01LEADS|@leads> budget sign-off needed by Wednesday',
          ],
          leadsReply: ['C01LAUNCH', 39, 'U01MAYA00', 'Signed off 👍', 'leads'],
          leadsThanks: ['C01LAUNCH', 38.5, 'U01KEN000', 'ありがとうございます！', 'leads'],
          hr: ['C01HR0000', 30, 'U01YUKI00', '<@U01MAYA00> (Maya cannot see this private channel)'],
          dmKen1: ['D01KEN000', 72, 'U01KEN000', 'お疲れさまです。資料のレビューありがとうございました。'],
          dmKen2: ['D01KEN000', 71, 'U01MAYA00', 'どういたしまして！'],
          dmKen3: ['D01KEN000', 5, 'U01KEN000', 'Do you have 10 minutes for a quick call this afternoon?'],
          dmLena: ['D01LENA00', 26, 'U01LENA00', 'Could you send me the Q3 numbers when you get a chance?'],
          dmYuki: ['D01YUKI00', 2, 'U01YUKI00', '明日の打ち合わせ、15時からに変更できますか？'],
          trio: ['G01TRIO00', 48, 'U01RAJ000', 'Let us sync on the API migration tomorrow'],
          trioMaya: ['G01TRIO00', 47, 'U01KEN000', '<@U01MAYA00> 議事録をお願いできますか？'],
        }),
      },
      {
        id: 'T02HOSHI0',
        name: '星デザイン',
        domain: 'hoshi-design',
        // A free workspace: no user groups, so gathering must do without them.
        plan: 'free',
        users: [
          { id: 'U02MAYA00', name: 'maya.chen', real_name: 'Maya Chen', display_name: 'Maya' },
          { id: 'U02AOI000', name: 'aoi', real_name: '青木 葵', display_name: 'あおい' },
          { id: 'U02SORA00', name: 'sora', real_name: '木村 空' },
          { id: 'U02TOM000', name: 'tom', real_name: 'Tom Baker' },
        ],
        conversations: [
          {
            id: 'C02ZENTAI',
            name: '全体',
            kind: 'public',
            is_general: true,
            members: ['U02MAYA00', 'U02AOI000', 'U02SORA00', 'U02TOM000'],
          },
          {
            id: 'C02REVIEW',
            name: 'design-review',
            kind: 'public',
            members: ['U02MAYA00', 'U02AOI000', 'U02SORA00'],
          },
          {
            id: 'C02CLIENT',
            name: 'client-sakura',
            kind: 'private',
            members: ['U02MAYA00', 'U02AOI000', 'U02TOM000'],
          },
          { id: 'D02AOI000', kind: 'im', members: ['U02MAYA00', 'U02AOI000'] },
          { id: 'D02TOM000', kind: 'im', members: ['U02MAYA00', 'U02TOM000'] },
          { id: 'G02TRIO00', kind: 'mpim', members: ['U02MAYA00', 'U02AOI000', 'U02SORA00'] },
        ],
        messages: messagesFrom(now, {
          kickoff: ['C02ZENTAI', 130, 'U02SORA00', '<!channel> 今週の定例は木曜 10:00 からです。'],
          holiday: ['C02ZENTAI', 28, 'U02TOM000', '<!here> Reminder: timesheets are due today'],
          review: ['C02REVIEW', 110, 'U02AOI000', 'トップページの新しいモックです。ご確認ください。'],
          reviewMaya: [
            'C02REVIEW',
            109,
            'U02SORA00',
            '<@U02MAYA00> 配色について意見をいただけますか？',
            'review',
          ],
          reviewReply: [
            'C02REVIEW',
            108,
            'U02MAYA00',
            'いいと思います！ボタンのコントラストだけ上げましょう。',
            'review',
          ],
          ux: ['C02REVIEW', 54, 'U02SORA00', '<!here> ユーザーテストの結果を共有します'],
          uxEn: ['C02REVIEW', 8, 'U02AOI000', '<@U02MAYA00> the usability report is ready, comments welcome'],
          client: ['C02CLIENT', 80, 'U02TOM000', 'Sakura Trading approved the logo 🎉'],
          clientMaya: ['C02CLIENT', 79, 'U02AOI000', '<@U02MAYA00> 請求書の送付をお願いします', 'client'],
          clientLate: [
            'C02CLIENT',
            12,
            'U02TOM000',
            '<@U02MAYA00> they asked for the brand guide in English too',
          ],
          dmAoi: ['D02AOI000', 36, 'U02AOI000', 'Mayaさん、来週の撮影の件でご相談があります。'],
          dmAoi2: ['D02AOI000', 3, 'U02AOI000', 'お時間あるときにお電話ください 🙏'],
          dmTom: ['D02TOM000', 16, 'U02TOM000', 'Lunch on Thursday?'],
          trio: ['G02TRIO00', 44, 'U02SORA00', 'フォントのライセンス、確認済みです'],
          trioMaya: ['G02TRIO00', 43, 'U02AOI000', '<@U02MAYA00> 共有ありがとうございます！'],
        }),
      },
    ],
    appTokens: [{ token: SANDBOX_SLACK_APP_TOKEN, scopes: ['authorizations:read'] }],
  };
}
