import { chatworkMessageId, type ChatworkSeed, type ChatworkSeedRoom } from '../chatwork/chatwork-seed.ts';

const maya = 3001;
const suzuki = 4001;

/** A message line: room, hours before now, sender, body. `{id:key}` in a body becomes the id of message `key`. */
type Line = [roomId: number, hoursAgo: number, accountId: number, body: string];

const groups: [roomId: number, name: string, members: number[]][] = [
  [5010, 'Acme × さくら商事 共同プロジェクト', [maya, 3002, suzuki, 4002]],
  [5011, 'Marketing', [maya, 3003, 3005, 3007]],
  [5012, '経理チーム', [maya, 3002, 3004]],
  [5013, 'Product roadmap', [maya, 3003, 3006]],
  [5014, '東京オフィス', [maya, 3002, 3004, 3006]],
  [5015, 'Design sync', [maya, 3005, 3007]],
  [5016, '採用チーム', [maya, 3004, 3006]],
  [5017, 'Customer success', [maya, 3003, 3007]],
  [5018, 'Tokyo lunch club', [maya, 3002, 3005, 3006]],
  [5019, 'QA', [maya, 3006, 3007]],
  [5020, '広報', [maya, 3004, 3005]],
  [5021, 'Security', [maya, 3003, 3006]],
  [5022, 'Partner: Hoshi Design', [maya, 3005]],
  [5023, '社内お知らせ', [maya, 3002, 3004]],
  [5024, 'Board prep', [maya, 3002, 3003]],
  [5025, 'Offsite 2026', [maya, 3002, 3003, 3004, 3005]],
  [6003, 'さくら商事 営業部', [suzuki, 4002, 4003]],
  [6004, '請求書チェック', [suzuki, 4003]],
];

const fillers = [
  'Thanks, noted.',
  '承知しました。',
  'I will update the sheet by tomorrow.',
  '資料を共有フォルダに置きました。',
  'Let us discuss this at the next meeting.',
  'よろしくお願いいたします。',
];

/** Three ordinary messages in every group, from its members other than the reader, over the past week. */
function fillerLines(): Record<string, Line> {
  return Object.fromEntries(
    groups.flatMap(([roomId, , members], groupIndex) =>
      [0, 1, 2].map((n) => {
        const senders = members.slice(1);
        const sender = senders[n % senders.length] ?? members[0] ?? maya;
        const hoursAgo = 150 - groupIndex * 7 - n * 2.5;
        return [
          `filler-${roomId}-${n}`,
          [roomId, hoursAgo, sender, fillers[(groupIndex + n) % fillers.length] ?? ''],
        ];
      }),
    ),
  );
}

function room(
  roomId: number,
  type: ChatworkSeedRoom['type'],
  name: string,
  members: number[],
): ChatworkSeedRoom {
  return {
    room_id: roomId,
    name,
    type,
    members: members.map((accountId, index) => ({
      account_id: accountId,
      role:
        roomId === 5023 && accountId === maya
          ? 'readonly'
          : index === 0 || type !== 'group'
            ? 'admin'
            : 'member',
    })),
  };
}

/**
 * Two ChatWork accounts for the sandbox: Maya Chen (3001, 21 rooms: my chat, 5 direct chats, 16 groups) and
 * 鈴木 一郎 (4001), who share a direct chat and a group. Every notation Matome reads appears in the last 7 days:
 * [To:], [rp aid= to=], [toall], quotes, info blocks, code and file uploads.
 */
export function sandboxChatworkSeed(now: number = Date.now()): ChatworkSeed {
  const lines: Record<string, Line> = {
    ...fillerLines(),
    memo: [5001, 160, maya, 'Memo: renew the domain before the 30th'],
    memoCode: [5001, 20, maya, '[code]npm run sandbox[/code]'],
    kenDm: [5002, 90, 3002, 'お疲れさまです。来週の出張の件、確認できましたか？'],
    kenDmReply: [5002, 89, maya, 'はい、確認しました！'],
    kenDmLate: [
      5002,
      4,
      3002,
      '[rp aid=3001 to=5002-{id:kenDmReply}]Maya Chenさん\nありがとうございます。チケットを手配します。',
    ],
    lenaDm: [5003, 30, 3003, 'Can we move our 1:1 to Thursday?'],
    // Maya answered and Lena has not written back since: it waits in Maya's "Awaiting reply" (decision 154).
    lenaDmAnswer: [5003, 28, maya, 'Thursday works for me. 15:00?'],
    misakiDm: [
      5004,
      12,
      3004,
      '[qt][qtmeta aid=3001 time=1735000000]請求書は月末締めです[/qt]\nこちら、今月も同じ運用でよろしいでしょうか？',
    ],
    suzukiDm: [5005, 55, suzuki, 'Chenさん、先日はありがとうございました。見積書をお送りします。'],
    suzukiFile: [
      5005,
      54.5,
      suzuki,
      '[info][title][dtext:file_uploaded][/title][download:880001]見積書_2026.pdf (245.3 KB)[/download][/info]',
    ],
    mayaToSuzuki: [
      5005,
      6,
      maya,
      '[To:4001]鈴木 一郎さん\n見積書、確認しました。来週お打ち合わせできますか？',
    ],
    tomDm: [5006, 1, 3005, 'Quick question about the banner sizes when you have a sec'],
    jointToAll: [5010, 140, 3002, '[toall]\n共同プロジェクトのキックオフは月曜 10:00 です。'],
    jointToMaya: [5010, 70, 4002, '[To:3001]Maya Chenさん\n仕様書のレビューをお願いできますでしょうか。'],
    jointMayaReply: [5010, 69, maya, 'Of course, I will review it today.'],
    jointRp: [
      5010,
      68,
      suzuki,
      '[rp aid=3001 to=5010-{id:jointMayaReply}]Maya Chenさん\nThank you! 助かります。',
    ],
    jointToSuzuki: [5010, 10, 3002, '[To:4001]鈴木 一郎さん\n契約書の原本を郵送しました。'],
    marketingInfo: [
      5011,
      100,
      3003,
      '[info][title]Campaign schedule[/title]Teaser: Mon\nLaunch: Wed\nRecap: Fri[/info]',
    ],
    marketingTo: [5011, 22, 3007, '[To:3001]Maya Chen\nCould you approve the ad copy by Friday?'],
    accountingTo: [5012, 46, 3004, '[To:3001]Maya Chenさん\n経費精算の締切は明日です。'],
    roadmapCode: [
      5013,
      75,
      3006,
      'Here is the failing query:\n[code]SELECT * FROM plans WHERE active = 1;[/code]',
    ],
    roadmapRp: [5013, 74, 3003, '[rp aid=3006 to=5013-{id:roadmapCode}]高橋 翔さん\nI will take a look.'],
    tokyoToAll: [5014, 33, 3002, '[toall]\n明日は東京オフィスの電気設備点検のため、在宅勤務をお願いします。'],
    designFile: [
      5015,
      58,
      3005,
      '[info][title][dtext:file_uploaded][/title][download:880002]hero-banner-v3.png (1.2 MB)[/download][/info]',
    ],
    designTo: [5015, 57, 3005, '[To:3001]Maya Chen\nNew banner uploaded, feedback welcome!'],
    hiringTo: [5016, 27, 3004, '[To:3001]Maya Chenさん\n面接官のご都合を教えてください。'],
    lunchToAll: [5018, 15, 3006, '[toall] Lunch at the new soba place at 12:00? 🍜'],
    qaAsk: [5019, 12, maya, 'Could someone rerun the regression suite?'],
    qaRp: [
      5019,
      9,
      3007,
      '[rp aid=3001 to=5019-{id:qaAsk}]Maya Chen\nRegression run finished: 2 failures, details in the sheet.',
    ],
    pressInfo: [5020, 40, 3004, '[info]プレスリリースの公開は木曜 9:00 に決定しました。[/info]'],
    securityTo: [5021, 7, 3006, '[To:3001]Maya Chen\nPlease rotate your API keys before Friday.'],
    noticeToAll: [
      5023,
      60,
      3002,
      '[toall]\n[info][title]年末年始の営業について[/title]12月29日から1月3日まで休業いたします。[/info]',
    ],
    boardTo: [
      5024,
      3,
      3002,
      '[To:3001][To:3003]Maya Chenさん、Lena Fischerさん\n取締役会の資料を本日中にお願いします。',
    ],
    offsiteQuote: [
      5025,
      18,
      3003,
      '[qt][qtmeta aid=3002 time=1735000000]Offsite in Hakone, 3 days[/qt]\nI booked the ryokan 🎉',
    ],
    sakuraMemo: [6001, 100, suzuki, 'メモ: 月末に請求書を確認'],
    sakuraDm: [6002, 21, 4002, '鈴木さん、明日の訪問は 14:00 でお願いします。'],
    salesToAll: [6003, 45, 4003, '[toall]\n今月の営業目標を共有します。'],
    salesTo: [6003, 11, 4002, '[To:4001]鈴木 一郎さん\n商談メモを確認していただけますか？'],
    invoiceAsk: [6004, 5, suzuki, '請求書の金額が見積書と違うようです。'],
    invoiceRp: [
      6004,
      2,
      4003,
      '[rp aid=4001 to=6004-{id:invoiceAsk}]鈴木 一郎さん\n請求書の金額を修正しました。',
    ],
  };

  const ordered = Object.entries(lines).sort(([, a], [, b]) => b[1] - a[1]);
  const ids = new Map(ordered.map(([key], index) => [key, chatworkMessageId(1_000 + index * 37)]));
  const nowSeconds = Math.floor(now / 1000);
  const messages = ordered.map(([key, [roomId, hoursAgo, accountId, body]]) => ({
    room_id: roomId,
    message_id: ids.get(key) ?? '',
    account_id: accountId,
    body: body.replace(/\{id:([\w-]+)\}/g, (_, target: string) => ids.get(target) ?? '0'),
    send_time: nowSeconds - Math.round(hoursAgo * 3600),
  }));

  return {
    apps: [
      {
        client_id: 'sandbox-chatwork-client',
        client_secret: 'sandbox-chatwork-secret',
        name: 'Matome (sandbox)',
      },
    ],
    accounts: [
      {
        account_id: maya,
        name: 'Maya Chen',
        chatwork_id: 'maya_chen',
        organization_name: 'Acme Corp',
        mail: 'maya@acme.example',
      },
      {
        account_id: suzuki,
        name: '鈴木 一郎',
        chatwork_id: 'suzuki_ichiro',
        organization_name: 'さくら商事',
        mail: 'suzuki@sakura.example',
      },
      { account_id: 3002, name: '渡辺 健', organization_name: 'Acme Corp' },
      { account_id: 3003, name: 'Lena Fischer', organization_name: 'Acme Corp' },
      { account_id: 3004, name: '佐藤 美咲', organization_name: 'Acme Corp' },
      { account_id: 3005, name: 'Tom Baker', organization_name: 'Hoshi Design' },
      { account_id: 3006, name: '高橋 翔', organization_name: 'Acme Corp' },
      { account_id: 3007, name: 'Emma Wilson', organization_name: 'Acme Corp' },
      { account_id: 4002, name: '山本 さくら', organization_name: 'さくら商事' },
      { account_id: 4003, name: '伊藤 大輔', organization_name: 'さくら商事' },
    ],
    rooms: [
      room(5001, 'my', 'Maya Chen', [maya]),
      room(5002, 'direct', '', [maya, 3002]),
      room(5003, 'direct', '', [maya, 3003]),
      room(5004, 'direct', '', [maya, 3004]),
      room(5005, 'direct', '', [maya, suzuki]),
      room(5006, 'direct', '', [maya, 3005]),
      room(6001, 'my', '鈴木 一郎', [suzuki]),
      room(6002, 'direct', '', [suzuki, 4002]),
      ...groups.map(([roomId, name, members]) => room(roomId, 'group', name, members)),
    ],
    messages,
  };
}
