import type { Language } from '../../../contract/auth.ts';
import type { AwaitingConversation } from '../../../contract/awaiting.ts';
import {
  DEFAULT_DIGEST_TIME,
  digestErrorCodes,
  type DigestSettings,
  type DigestSettingsUpdate,
} from '../../../contract/digest.ts';
import type { HiddenIds } from '../../../contract/hidden-messages.ts';
import { platforms, type Platform, type SourceMessage } from '../../../contract/messages.ts';
import type { RuleOutcome } from '../../../contract/rules.ts';
import type { DoneEntry, SnoozeEntry } from '../../../contract/triage.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { dueDigestDay } from './digest-clock.ts';
import { digestContent, hasSomethingWaiting } from './digest-content.ts';
import { digestMail } from './digest-mail.ts';
import type { DigestRecipient, DigestRepo } from './digest.repo.ts';
import type { UnsubscribeTokens } from './unsubscribe-token.ts';

export type DigestServiceDeps = {
  repo: DigestRepo;
  tokens: UnsubscribeTokens;
  mailer: Pick<Mailer, 'send'>;
  publicUrl: string;
  clock: () => number;
  /** What the person's inbox holds now, through the messages service (cache first, gathered when missing). */
  gathered: (userId: string, platform: Platform) => Promise<readonly SourceMessage[]>;
  hiddenIds: (userId: string) => Promise<HiddenIds>;
  triage: (userId: string) => Promise<{ snoozes: readonly SnoozeEntry[]; done: readonly DoneEntry[] }>;
  rules: (
    userId: string,
  ) => Promise<((message: SourceMessage, folded: () => string) => RuleOutcome | null) | null>;
  awaiting: (userId: string) => Promise<readonly AwaitingConversation[]>;
  onError: (error: unknown) => void;
};

/** What one run of the job did, for logs and tests. */
export type DigestRun = { sent: number; nothingWaiting: number; alreadySent: number; failed: number };

const badLink = () =>
  new HttpError(
    400,
    'This unsubscribe link is not valid. Open your account page in Matome to turn off the morning digest.',
    digestErrorCodes.badToken,
  );

/**
 * The morning digest (issue 25, docs/decisions/160): the person's setting, the job that mails each person their
 * digest once on each local day with something waiting, and the unsubscribe of its links.
 */
export function createDigestService(deps: DigestServiceDeps) {
  const { repo } = deps;

  async function contentFor(userId: string, now: number) {
    const [messages, hidden, triage, decide, awaiting] = await Promise.all([
      Promise.all(platforms.map((platform) => deps.gathered(userId, platform))).then((lists) => lists.flat()),
      deps.hiddenIds(userId),
      deps.triage(userId),
      deps.rules(userId),
      deps.awaiting(userId),
    ]);
    return digestContent({ messages, hidden, triage, decide, awaiting, now });
  }

  /** Sends one person's digest of `localDate` unless it was sent already; the claim comes first. */
  async function sendTo(
    recipient: DigestRecipient,
    localDate: string,
    now: number,
  ): Promise<keyof DigestRun> {
    if (await repo.claimed(recipient.userId, localDate)) return 'alreadySent';
    const content = await contentFor(recipient.userId, now);
    // Nothing waiting: no mail and no claim, so a run later in the window sends if something arrives by then.
    if (!hasSomethingWaiting(content)) return 'nothingWaiting';
    if (!(await repo.claim(recipient.userId, localDate, new Date(now)))) return 'alreadySent';
    const unsubscribe = `${deps.publicUrl}/api/digest/unsubscribe?token=${deps.tokens.tokenFor(recipient.userId)}`;
    const mail = digestMail(recipient.language, {
      name: recipient.name,
      content,
      timeZone: recipient.timeZone,
      links: {
        inbox: `${deps.publicUrl}/dashboard`,
        settings: `${deps.publicUrl}/account`,
        unsubscribe,
      },
    });
    const sent = await deps.mailer.send({
      to: recipient.email,
      ...mail,
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
      purpose: 'morning digest',
    });
    if (sent) return 'sent';
    // The mail server refused it: give the day back, so the next run tries again.
    await repo.release(recipient.userId, localDate);
    return 'failed';
  }

  /** The owner of an unsubscribe link; a 400 for a link that is not one of ours. */
  function ownerOf(token: string): string {
    const userId = deps.tokens.userOf(token);
    if (!userId) throw badLink();
    return userId;
  }

  return {
    async settings(userId: string): Promise<DigestSettings> {
      const row = await repo.settings(userId);
      return row
        ? { enabled: row.enabled, time: row.sendAt, time_zone: row.timeZone }
        : { enabled: false, time: DEFAULT_DIGEST_TIME, time_zone: null };
    },

    async saveSettings(userId: string, update: DigestSettingsUpdate): Promise<DigestSettings> {
      const row = await repo.saveSettings(
        userId,
        {
          enabled: update.enabled,
          sendAt: update.time,
          timeZone: update.time_zone,
          language: update.language,
        },
        new Date(deps.clock()),
      );
      return { enabled: row.enabled, time: row.sendAt, time_zone: row.timeZone };
    },

    /**
     * One run of the job: every person whose digest time passed within the window gets that day's digest, once.
     * `at` defaults to now.
     */
    async runDue(at?: Date): Promise<DigestRun> {
      const now = at?.getTime() ?? deps.clock();
      const run: DigestRun = { sent: 0, nothingWaiting: 0, alreadySent: 0, failed: 0 };
      for (const recipient of await repo.recipients()) {
        const localDate = dueDigestDay(new Date(now), recipient.sendAt, recipient.timeZone);
        if (!localDate) continue;
        try {
          run[await sendTo(recipient, localDate, now)] += 1;
        } catch (error) {
          run.failed += 1;
          deps.onError(error);
        }
      }
      return run;
    },

    /** The language of the link owner's digest, for the page the link opens; a 400 for a bad link. */
    async languageOf(token: string): Promise<Language> {
      return (await repo.settings(ownerOf(token)))?.language ?? 'en';
    },

    /** Turns the digest of the link's owner off (nothing to do when it is off already); a 400 for a bad link. */
    async unsubscribe(token: string): Promise<Language> {
      const userId = ownerOf(token);
      await repo.turnOff(userId, new Date(deps.clock()));
      return (await repo.settings(userId))?.language ?? 'en';
    },
  };
}

export type DigestService = ReturnType<typeof createDigestService>;
