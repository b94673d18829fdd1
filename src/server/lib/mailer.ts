import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text`; every value in it must be escaped by whoever writes it. */
  html?: string;
  /** Extra headers, e.g. `List-Unsubscribe`. */
  headers?: Record<string, string>;
  /** Why the mail is sent, for the logs (never its content). */
  purpose: string;
};

export type Mailer = {
  /** Sends in the background, so no answer waits on (or reveals anything through the timing of) the SMTP server. */
  deliver(mail: Mail): void;
  /**
   * Sends and waits, for a background job that must know the outcome: true once the SMTP server took the mail (or,
   * without SMTP, once development showed it in the log); false when it could not be sent (already logged).
   */
  send(mail: Mail): Promise<boolean>;
  /** Waits for mails still being sent (shutdown). */
  drain(): Promise<void>;
};

export type MailerSettings = {
  smtpUrl: string | undefined;
  from: string;
  /** Without SMTP, development prints each mail (links included) to the log; production never does. */
  logMailWithoutSmtp: boolean;
};

/**
 * Sends mail through the SMTP server of `SMTP_URL` (nodemailer). Without it, development logs each mail at
 * info level so a link can be followed, and production logs only that a mail could not be sent (decision 065).
 */
export function createMailer(settings: MailerSettings, log: FastifyBaseLogger): Mailer {
  const { smtpUrl } = settings;
  // nodemailer is loaded with the first mail rather than on every start (decision 164).
  let transport: Promise<Transporter> | undefined;
  const smtpTransport = (url: string) =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(url)));
  const inFlight = new Set<Promise<void>>();

  async function send(mail: Mail): Promise<boolean> {
    if (smtpUrl) {
      try {
        await (
          await smtpTransport(smtpUrl)
        ).sendMail({
          from: settings.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          ...(mail.headers ? { headers: mail.headers } : {}),
        });
        return true;
      } catch (error) {
        log.error(
          { purpose: mail.purpose, err: { message: (error as Error).message } },
          'sending an e-mail failed',
        );
        return false;
      }
    } else if (settings.logMailWithoutSmtp) {
      log.info(
        `E-mail (${mail.purpose}) to ${mail.to} — SMTP_URL is not set, so it is shown here instead:\n` +
          `Subject: ${mail.subject}\n\n${mail.text}`,
      );
      return true;
    }
    log.warn({ purpose: mail.purpose }, 'an e-mail could not be sent: SMTP_URL is not set');
    return false;
  }

  return {
    deliver(mail) {
      const sending = send(mail)
        .then(() => undefined)
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
    send(mail) {
      const sending = send(mail).finally(() => inFlight.delete(tracked));
      const tracked = sending.then(() => undefined);
      inFlight.add(tracked);
      return sending;
    },
    async drain() {
      await Promise.all([...inFlight]);
      if (transport) (await transport).close();
    },
  };
}
