import type { SlackSeedConversation, SlackSeedMessage, SlackSeedTeam } from './slack-seed.ts';
import { isThreadReply } from './slack-views.ts';

/**
 * The part of Slack's search syntax the emulator understands:
 * - terms: `<@U…>` (mentions that user), any other `<…>` token such as `<!channel>` or `<!subteam^S…>` (the
 *   text contains it), `is:dm` (direct messages), `is:mpim`, `is:thread` (thread replies), and words or "quoted
 *   phrases" (case-insensitive substring of the text);
 * - filters that apply to the whole query: `after:YYYY-MM-DD` (from the next day on), `before:YYYY-MM-DD`,
 *   `on:YYYY-MM-DD` (dates in UTC), `in:<#C…>` / `in:#name` / `in:<@U…>` (the DM with that user) and
 *   `from:<@U…>` / `from:@name`;
 * - terms separated by spaces must all match. Slack documents no `OR` operator (and at least one integrator reports
 *   that it ANDs the words), so `OR` is an ordinary word here: `<@U1> OR is:dm` finds only DMs that mention U1 and
 *   contain "or". A connector must send one query per kind of message, which is right under either reading.
 */

type Term =
  | { kind: 'token'; token: string }
  | { kind: 'mention'; userId: string }
  | { kind: 'is'; what: 'dm' | 'mpim' | 'thread' }
  | { kind: 'text'; text: string };

interface Filters {
  afterTs?: number;
  beforeTs?: number;
  in?: string;
  from?: string;
}

export interface SearchQuery {
  terms: Term[];
  filters: Filters;
}

const dayMs = 24 * 60 * 60 * 1000;

function dayStart(date: string): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isNaN(ms) ? undefined : ms / 1000;
}

/** `<@U1|alice>` → `U1`; `@alice` and `alice` → the user named alice. */
function userReference(value: string, team: SlackSeedTeam): string | undefined {
  const token = /^<@([UW][A-Z0-9]+)(?:\|[^>]*)?>$/.exec(value);
  if (token) return token[1];
  const name = value.replace(/^@/, '');
  return team.users.find((user) => user.name === name)?.id;
}

function channelReference(value: string, team: SlackSeedTeam, viewerId: string): string | undefined {
  const token = /^<#([CDG][A-Z0-9]+)(?:\|[^>]*)?>$/.exec(value);
  if (token) return token[1];
  const dmWith = userReference(value, team);
  if (value.startsWith('<@') || (value.startsWith('@') && dmWith)) {
    return team.conversations.find(
      (conversation) =>
        conversation.kind === 'im' &&
        conversation.members.includes(viewerId) &&
        conversation.members.includes(dmWith ?? ''),
    )?.id;
  }
  const name = value.replace(/^#/, '');
  return team.conversations.find((conversation) => conversation.name === name)?.id ?? `unknown:${name}`;
}

function tokenize(query: string): string[] {
  return [...query.matchAll(/"([^"]*)"|(\S+)/g)].map((match) =>
    match[1] !== undefined ? `"${match[1]}"` : (match[2] ?? ''),
  );
}

export function parseSearchQuery(query: string, team: SlackSeedTeam, viewerId: string): SearchQuery {
  const terms: Term[] = [];
  const filters: Filters = {};
  for (const word of tokenize(query)) {
    const modifier = /^(after|before|on|in|from|is):(.+)$/.exec(word);
    if (modifier) {
      const [, name, value = ''] = modifier;
      const day = dayStart(value);
      if (name === 'after' && day !== undefined) filters.afterTs = day + dayMs / 1000;
      else if (name === 'before' && day !== undefined) filters.beforeTs = day;
      else if (name === 'on' && day !== undefined)
        Object.assign(filters, { afterTs: day, beforeTs: day + dayMs / 1000 });
      else if (name === 'in') filters.in = channelReference(value, team, viewerId);
      else if (name === 'from') filters.from = userReference(value, team) ?? `unknown:${value}`;
      else if (name === 'is' && (value === 'dm' || value === 'mpim' || value === 'thread')) {
        terms.push({ kind: 'is', what: value });
      } else terms.push({ kind: 'text', text: word });
    } else if (/^<@[UW][A-Z0-9]+(\|[^>]*)?>$/.test(word)) {
      terms.push({ kind: 'mention', userId: userReference(word, team) ?? '' });
    } else if (/^<.+>$/.test(word)) {
      terms.push({ kind: 'token', token: word.slice(0, -1).split('|')[0] ?? word });
    } else {
      terms.push({ kind: 'text', text: word.replace(/^"|"$/g, '').toLowerCase() });
    }
  }
  return { terms, filters };
}

function termMatches(term: Term, message: SlackSeedMessage, conversation: SlackSeedConversation): boolean {
  switch (term.kind) {
    case 'mention':
      return new RegExp(`<@${term.userId}(\\|[^>]*)?>`).test(message.text);
    case 'token':
      return message.text.includes(term.token);
    case 'is':
      if (term.what === 'dm') return conversation.kind === 'im';
      if (term.what === 'mpim') return conversation.kind === 'mpim';
      return isThreadReply(message);
    case 'text':
      return message.text.toLowerCase().includes(term.text);
  }
}

export function messageMatches(
  query: SearchQuery,
  message: SlackSeedMessage,
  conversation: SlackSeedConversation,
): boolean {
  const seconds = Number(message.ts.split('.')[0]);
  const { filters } = query;
  if (filters.afterTs !== undefined && seconds < filters.afterTs) return false;
  if (filters.beforeTs !== undefined && seconds >= filters.beforeTs) return false;
  if (filters.in !== undefined && filters.in !== conversation.id) return false;
  if (filters.from !== undefined && filters.from !== message.user) return false;
  return query.terms.every((term) => termMatches(term, message, conversation));
}
