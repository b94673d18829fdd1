import type { Language } from '../../../contract/auth.ts';
import { platformNames } from '../../../contract/messages.ts';
import { digestTypes, type DigestContent, type DigestType } from './digest-content.ts';

export type DigestLinks = { inbox: string; settings: string; unsubscribe: string };

type Words = {
  subject: (total: number) => string;
  greeting: (name: string) => string;
  intro: (total: number) => string;
  introNoInbox: string;
  accounts: string;
  count: (type: DigestType, count: number) => string;
  oldestWaiting: string;
  oldestLine: (sender: string, place: string, platform: string, at: string) => string;
  unanswered: (total: number) => string;
  kinds: Record<'dm' | 'thread' | 'room', string>;
  unansweredLine: (kind: string, account: string, to: string | null, since: string) => string;
  topSenders: string;
  senderLine: (name: string, platform: string, count: number) => string;
  open: string;
  footer: string;
  settings: string;
  unsubscribe: string;
};

const words: Record<Language, Words> = {
  en: {
    subject: (total) =>
      total > 0 ? `Matome morning digest: ${total} waiting` : 'Matome morning digest: replies awaited',
    greeting: (name) => `Good morning, ${name}.`,
    intro: (total) => `${total} ${total === 1 ? 'message is' : 'messages are'} waiting in your Matome inbox.`,
    introNoInbox: 'Your inbox is clear, but some conversations are awaiting a reply.',
    accounts: 'By account',
    count: (type, count) => {
      const [one, many] = {
        mention: ['mention', 'mentions'],
        dm: ['DM', 'DMs'],
        reply: ['reply', 'replies'],
        'all-mention': ['all-mention', 'all-mentions'],
      }[type];
      return `${count} ${count === 1 ? one : many}`;
    },
    oldestWaiting: 'Waiting longest',
    oldestLine: (sender, place, platform, at) => `${sender} in ${place} (${platform}), ${at}`,
    unanswered: (total) => `Awaiting a reply (${total})`,
    kinds: { dm: 'Direct message', thread: 'Thread', room: 'Room' },
    unansweredLine: (kind, account, to, since) =>
      `${kind} on ${account}${to ? ` to ${to}` : ''}, since ${since}`,
    topSenders: 'Wrote most',
    senderLine: (name, platform, count) => `${name} (${platform}): ${count}`,
    open: 'Open Matome',
    footer: 'You get this e-mail because you turned on the morning digest. It holds no message content.',
    settings: 'Change the time or language',
    unsubscribe: 'Unsubscribe from the morning digest',
  },
  jp: {
    subject: (total) =>
      total > 0
        ? `【まとめ】朝のダイジェスト：未対応 ${total}件`
        : '【まとめ】朝のダイジェスト：返信待ちがあります',
    greeting: (name) => `${name}様、おはようございます。`,
    intro: (total) => `まとめの受信箱に未対応のメッセージが ${total}件あります。`,
    introNoInbox: '受信箱に未対応のメッセージはありませんが、返信待ちの会話があります。',
    accounts: 'アカウント別',
    count: (type, count) =>
      `${{ mention: 'メンション', dm: 'DM', reply: '返信', 'all-mention': '全体メンション' }[type]} ${count}件`,
    oldestWaiting: '最も長く待っているメッセージ',
    oldestLine: (sender, place, platform, at) => `${sender}様（${place}・${platform}）${at}`,
    unanswered: (total) => `返信待ち（${total}件）`,
    kinds: { dm: 'ダイレクトメッセージ', thread: 'スレッド', room: 'ルーム' },
    unansweredLine: (kind, account, to, since) =>
      `${account} の${kind}${to ? `（宛先: ${to}様）` : ''}、${since}から`,
    topSenders: '多く送ってきた方',
    senderLine: (name, platform, count) => `${name}様（${platform}）：${count}件`,
    open: 'まとめを開く',
    footer:
      '朝のダイジェストをオンにしているため、このメールをお送りしています。メッセージの内容は含まれていません。',
    settings: '時刻や言語を変更する',
    unsubscribe: '朝のダイジェストの配信を停止する',
  },
};

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The digest e-mail in the person's language, as plain text and HTML. Every name in it comes from a provider, so
 * the HTML escapes each one; no message text is ever passed in.
 */
export function digestMail(
  language: Language,
  p: { name: string; content: DigestContent; links: DigestLinks; timeZone: string },
): { subject: string; text: string; html: string } {
  const w = words[language];
  const when = new Intl.DateTimeFormat(language === 'jp' ? 'ja-JP' : 'en-US', {
    timeZone: p.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const { content } = p;
  const countsOf = (counts: Record<DigestType, number>) =>
    digestTypes
      .filter((type) => counts[type] > 0)
      .map((type) => w.count(type, counts[type]))
      .join(language === 'jp' ? '、' : ', ');

  const sections: { title: string; lines: string[] }[] = [];
  if (content.accounts.length > 0) {
    sections.push({
      title: w.accounts,
      lines: content.accounts.map(
        (account) => `${platformNames[account.platform]} · ${account.label}: ${countsOf(account.counts)}`,
      ),
    });
  }
  if (content.oldestWaiting) {
    const oldest = content.oldestWaiting;
    sections.push({
      title: w.oldestWaiting,
      lines: [
        w.oldestLine(oldest.sender, oldest.place, platformNames[oldest.platform], when.format(oldest.at)),
      ],
    });
  }
  if (content.unanswered.length > 0) {
    sections.push({
      title: w.unanswered(content.unansweredTotal),
      lines: content.unanswered.map((item) =>
        w.unansweredLine(w.kinds[item.kind], item.account, item.to, when.format(item.since)),
      ),
    });
  }
  if (content.topSenders.length > 0) {
    sections.push({
      title: w.topSenders,
      lines: content.topSenders.map((sender) =>
        w.senderLine(sender.name, platformNames[sender.platform], sender.count),
      ),
    });
  }
  const intro = content.total > 0 ? w.intro(content.total) : w.introNoInbox;

  const text = [
    w.greeting(p.name),
    '',
    intro,
    ...sections.flatMap((section) => ['', section.title, ...section.lines.map((line) => `- ${line}`)]),
    '',
    `${w.open}: ${p.links.inbox}`,
    '',
    '--',
    w.footer,
    `${w.settings}: ${p.links.settings}`,
    `${w.unsubscribe}: ${p.links.unsubscribe}`,
    '',
  ].join('\n');

  const link = (href: string, label: string) => `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
  const html = `<!doctype html>
<html lang="${language === 'jp' ? 'ja' : 'en'}">
<head><meta charset="utf-8"><title>${escapeHtml(w.subject(content.total))}</title></head>
<body style="font-family: system-ui, sans-serif; color: #0f172a; max-width: 36rem; margin: 0 auto; padding: 1rem;">
<p>${escapeHtml(w.greeting(p.name))}</p>
<p>${escapeHtml(intro)}</p>
${sections
  .map(
    (section) =>
      `<h2 style="font-size: 1rem; margin: 1.25rem 0 0.5rem;">${escapeHtml(section.title)}</h2>\n<ul>\n${section.lines
        .map((line) => `<li>${escapeHtml(line)}</li>`)
        .join('\n')}\n</ul>`,
  )
  .join('\n')}
<p style="margin-top: 1.5rem;">${link(p.links.inbox, w.open)}</p>
<hr>
<p style="font-size: 0.85rem; color: #475569;">${escapeHtml(w.footer)}<br>
${link(p.links.settings, w.settings)} · ${link(p.links.unsubscribe, w.unsubscribe)}</p>
</body>
</html>
`;
  return { subject: w.subject(content.total), text, html };
}
