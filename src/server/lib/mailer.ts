import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** Why the mail is sent, for the logs (never its content). */
  purpose: string;
};

export type Mailer = {
  /** Sends in the background, so no answer waits on (or reveals anything through the timing of) the SMTP server. */
  deliver(mail: Mail): void;
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
  const transport = settings.smtpUrl ? nodemailer.createTransport(settings.smtpUrl) : null;
  const inFlight = new Set<Promise<void>>();

  async function send(mail: Mail): Promise<void> {
    if (transport) {
      try {
        await transport.sendMail({
          from: settings.from,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
        });
      } catch (error) {
        log.error(
          { purpose: mail.purpose, err: { message: (error as Error).message } },
          'sending an e-mail failed',
        );
      }
    } else if (settings.logMailWithoutSmtp) {
      log.info(
        `E-mail (${mail.purpose}) to ${mail.to} — SMTP_URL is not set, so it is shown here instead:\n` +
          `Subject: ${mail.subject}\n\n${mail.text}`,
      );
    } else {
      log.warn({ purpose: mail.purpose }, 'an e-mail could not be sent: SMTP_URL is not set');
    }
  }

  return {
    deliver(mail) {
      const sending = send(mail).finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
    async drain() {
      await Promise.all([...inFlight]);
      transport?.close();
    },
  };
}
