import type { Language } from '../../../../contract/auth.ts';
import type { SampleTagKey } from './sample-tags.ts';

/**
 * The raw material of the sample data for one language: people, places and message texts. Texts are written
 * for the kind of message they appear as; the generator adds the markers that make them that kind (ChatWork
 * `[To:]`, `[rp]`, `[toall]`) and attaches files, so a text never has to repeat them.
 */

export type SamplePerson = {
  name: string;
  /** How colleagues refer to them in a sentence ("Emily", "田中"). */
  short: string;
  /** Whether they have a profile picture (the others show an initial). */
  avatar?: boolean;
};

export type SampleFile = { name: string; size: number; mimetype: string };

export type SampleText<Context> = {
  text: (context: Context) => string;
  file?: SampleFile;
  /** Tags a user would plausibly give this message. */
  tags?: SampleTagKey[];
  /** ChatWork: also address a second colleague with `[To:]`. */
  alsoTo?: boolean;
};

export type ChatworkTextContext = {
  /** How the sender refers to me in a sentence. */
  me: string;
  sender: string;
  /** A third colleague, with the ChatWork account id that `[picon:]` and `[piconname:]` take. */
  other: { id: number; name: string; short: string };
  /** A few colleagues' account ids, for `[picon:]` rows. */
  colleagues: readonly number[];
  project: string;
  client: string;
  /** A ChatWork quote of `text`, posted by the third colleague `minutesBefore` this message. */
  quote: (text: string, minutesBefore: number) => string;
};

export type SlackTextContext = {
  /** My mention token, `<@U…>` or `<@U…|name>`. */
  me: string;
  sender: string;
  /** Another member's mention token. */
  other: string;
  otherName: string;
  /** `<!here>`, `<!channel>` or `<!everyone>`, possibly with a label. */
  special: string;
  /** A user-group mention, `<!subteam^S…|@handle>`. */
  subteam: string;
  /** A reference to another channel of the workspace, `<#C…|name>`. */
  channel: () => string;
  project: string;
  client: string;
};

export const chatworkKinds = ['mention', 'reply', 'toall', 'dm'] as const;
export type ChatworkKind = (typeof chatworkKinds)[number];
export const slackKinds = ['mention', 'thread', 'dm', 'mpim', 'all'] as const;
export type SlackKind = (typeof slackKinds)[number];

export type SampleCatalogue = {
  language: Language;
  /** Follows a name in a `[To:]` or `[rp]` line: "さん" in Japanese, nothing in English. */
  honorific: string;
  me: { name: string; short: string; email: string };
  people: readonly SamplePerson[];
  projects: readonly string[];
  clients: readonly string[];
  chatwork: {
    accounts: readonly { organization: string | null; groupRooms: readonly string[] }[];
    texts: Record<ChatworkKind, readonly SampleText<ChatworkTextContext>[]>;
  };
  slack: {
    workspaces: readonly {
      name: string;
      domain: string;
      channels: readonly { name: string; private?: boolean }[];
      userGroups: readonly string[];
    }[];
    texts: Record<SlackKind, readonly SampleText<SlackTextContext>[]>;
  };
};
