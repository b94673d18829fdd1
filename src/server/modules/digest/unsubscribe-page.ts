import type { Language } from '../../../contract/auth.ts';

const texts = {
  en: {
    title: 'Morning digest',
    ask: 'Stop the morning digest e-mails from Matome?',
    confirm: 'Unsubscribe',
    done: 'You are unsubscribed: no more morning digests will be sent. You can turn the digest on again on your account page.',
    invalid:
      'This unsubscribe link is not valid. Open your account page in Matome to turn off the morning digest.',
    account: 'Open your account page',
  },
  jp: {
    title: '朝のダイジェスト',
    ask: 'まとめの朝のダイジェストの配信を停止しますか？',
    confirm: '配信を停止する',
    done: '配信を停止しました。今後、朝のダイジェストはお送りしません。アカウントページからいつでも再開できます。',
    invalid:
      'この配信停止リンクは無効です。まとめのアカウントページから朝のダイジェストをオフにしてください。',
    account: 'アカウントページを開く',
  },
} as const;

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function page(language: Language, body: string): string {
  const t = texts[language];
  return `<!doctype html>
<html lang="${language === 'jp' ? 'ja' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(t.title)} · Matome</title>
</head>
<body>
<main>
<h1>${escapeHtml(t.title)}</h1>
${body}
</main>
</body>
</html>
`;
}

/**
 * The pages of the digest's unsubscribe link, without the web app: a mail scanner that follows the link only sees
 * a question (GET never unsubscribes); the person presses the button, which posts the same address.
 */
export const unsubscribePages = {
  ask: (language: Language, action: string) => {
    const t = texts[language];
    return page(
      language,
      `<p>${escapeHtml(t.ask)}</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">${escapeHtml(t.confirm)}</button>
</form>`,
    );
  },
  done: (language: Language, accountUrl: string) => {
    const t = texts[language];
    return page(
      language,
      `<p role="status">${escapeHtml(t.done)}</p>\n<p><a href="${escapeHtml(accountUrl)}">${escapeHtml(t.account)}</a></p>`,
    );
  },
  /** A link that is not one of ours, in both languages: whose it was is unknown. */
  invalid: (accountUrl: string) =>
    page(
      'en',
      `<p role="alert">${escapeHtml(texts.en.invalid)}</p>\n<p lang="ja">${escapeHtml(texts.jp.invalid)}</p>\n<p><a href="${escapeHtml(accountUrl)}">${escapeHtml(texts.en.account)}</a> · <a lang="ja" href="${escapeHtml(accountUrl)}">${escapeHtml(texts.jp.account)}</a></p>`,
    ),
};
