/**
 * A local mail catcher for development, the sandbox and tests: an SMTP server (smtp-server) that keeps every
 * message it receives in memory, and a small web page listing them, so a newcomer can follow a confirmation or
 * password-reset link without a real mailbox. Not modelled: delivery to anyone, TLS, authentication (any or
 * none is accepted), attachments, and showing HTML bodies (the page shows the text part; the HTML part and the
 * headers are kept for tests), limits on size or count.
 */
import Fastify from 'fastify';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  id: number;
  from: string;
  to: string[];
  subject: string;
  text: string;
  /** The HTML part, or null when the mail has none. */
  html: string | null;
  /** Every header as it arrived (unfolded), by lower-case name; a repeated header keeps its first value. */
  headers: Record<string, string>;
  receivedAt: string;
}

export interface MailCatcher {
  /** What to set as the app's SMTP_URL. */
  smtpUrl: string;
  /** The page listing caught mail; `/_control/messages` answers them as JSON. */
  url: string;
  messages(): CaughtMail[];
  /** The first caught mail to `to` (newest first) matching `accept`, waiting up to `timeoutMs` for it. */
  waitFor(to: string, accept?: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  reset(): void;
  close(): Promise<void>;
}

export interface MailCatcherOptions {
  /** 0 (the default) picks free ports. */
  smtpPort?: number;
  httpPort?: number;
  host?: string;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Turns the http(s) links of a plain-text body into anchors, escaping everything else. */
function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

function page(messages: CaughtMail[]): string {
  const items = messages
    .map(
      (mail) => `<article>
  <h2>${escapeHtml(mail.subject || '(no subject)')}</h2>
  <p class="meta">To ${escapeHtml(mail.to.join(', '))} · from ${escapeHtml(mail.from)} · <time datetime="${mail.receivedAt}">${escapeHtml(new Date(mail.receivedAt).toLocaleString('en-GB'))}</time></p>
  <pre>${linkify(mail.text)}</pre>
</article>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Mail catcher (${messages.length})</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 50rem; padding: 0 1rem; color: #111827; }
article { border: 1px solid #d1d5db; border-radius: 0.5rem; padding: 1rem; margin-bottom: 1rem; }
h2 { font-size: 1.1rem; margin: 0 0 0.25rem; }
.meta { color: #4b5563; margin: 0 0 0.75rem; font-size: 0.9rem; }
pre { white-space: pre-wrap; word-break: break-word; margin: 0; font-family: inherit; }
</style>
</head>
<body>
<h1>Mail sent by Matome</h1>
<p>Newest first. Reload to see new mail.</p>
${items || '<p>No mail yet.</p>'}
</body>
</html>`;
}

/** Raw header lines (`Name: value`, possibly folded) by lower-case name, unfolded as RFC 5322 says. */
function headersOf(lines: readonly { key: string; line: string }[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const { key, line } of lines) {
    if (key in headers) continue;
    headers[key] = line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n(?=[ \t])/g, '')
      .trim();
  }
  return headers;
}

export async function startMailCatcher(options: MailCatcherOptions = {}): Promise<MailCatcher> {
  const host = options.host ?? '127.0.0.1';
  const caught: CaughtMail[] = [];
  let nextId = 1;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'anyone' }),
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          caught.unshift({
            id: nextId++,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            headers: headersOf(parsed.headerLines),
            receivedAt: new Date().toISOString(),
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(options.smtpPort ?? 0, host, () => resolve());
  });
  const smtpAddress = smtp.server.address();
  const smtpPort = typeof smtpAddress === 'object' && smtpAddress ? smtpAddress.port : 0;

  const http = Fastify({ logger: false });
  http.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
    reply.header('cache-control', 'no-store');
  });
  http.get('/', async (_request, reply) => reply.type('text/html; charset=utf-8').send(page(caught)));
  http.get('/_control/messages', async () => ({ messages: caught }));
  http.post('/_control/reset', async () => {
    caught.length = 0;
    return { ok: true };
  });
  const url = (await http.listen({ port: options.httpPort ?? 0, host })).replace(/\/$/, '');

  return {
    smtpUrl: `smtp://${host}:${smtpPort}`,
    url,
    messages: () => [...caught],
    async waitFor(to, accept = () => true, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = caught.find((mail) => mail.to.includes(to) && accept(mail));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No mail to ${to} arrived within ${timeoutMs} ms`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    },
    reset: () => void (caught.length = 0),
    async close() {
      await http.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}

/** The token in a Matome link of a mail (`…/verify-email#token=…`, `…/reset-password#token=…`). */
export function linkTokenOf(mail: CaughtMail, page: 'verify-email' | 'reset-password'): string {
  const match = new RegExp(`/${page}#token=([\\w-]+)`).exec(mail.text);
  if (!match?.[1]) throw new Error(`No ${page} link in the mail "${mail.subject}"`);
  return match[1];
}
