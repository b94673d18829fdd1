/**
 * Slack mrkdwn turned into a small tree that the UI renders as React elements. Every step is a forward scan with
 * bounded look-ahead (and searches that remember their last answer), so any input parses in linear time; the tree
 * is at most quote → bold → italic → strike deep.
 *
 * Order, as Slack documents it: the `<…>` tokens are read first, entities (`&amp; &lt; &gt;`) are decoded after.
 */
import type { StandardEmoji } from '../messages.ts';

export type SlackMentionKind = 'user' | 'channel' | 'broadcast' | 'group';

export type SlackNode =
  | { type: 'text'; text: string }
  /** `unlabelledUserId`: a user mention that came without a name, which the card may know. */
  | { type: 'mention'; kind: SlackMentionKind; text: string; unlabelledUserId?: string }
  /** A standard emoji written as its short name; custom emoji stay text. */
  | { type: 'emoji'; name: string; text: string }
  | { type: 'link'; href: string; text: string }
  | { type: 'bold' | 'italic' | 'strike'; children: SlackNode[] }
  | { type: 'code'; text: string }
  | { type: 'code-block'; text: string }
  | { type: 'quote'; children: SlackNode[] };

type EmphasisType = 'bold' | 'italic' | 'strike';

const EMPHASIS: Record<string, EmphasisType> = { '*': 'bold', _: 'italic', '~': 'strike' };
/** Stands in for a `<…>` token or an inline code span while emphasis is paired: neither space nor word. */
const ATOM = '\uFFFC';
const FENCE = '```';
const ENTITY = /&(amp|lt|gt);/g;
const ENTITY_TEXT: Record<string, string> = { amp: '&', lt: '<', gt: '>' };
const SAFE_URL = /^(?:https?:\/\/[^\s]+|mailto:[^\s]+)$/i;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
const WORD_CHARACTER = /[\p{L}\p{N}]/u;
const SPACE = /\s/;
/** What may stand between the colons of a short name. */
export const SHORT_NAME = /^[a-z0-9_+'-]+$/;
/** Longer than any standard short name; keeps the look-ahead of a stray colon short. */
export const MAX_SHORT_NAME = 64;

export function decodeSlackEntities(text: string): string {
  return text.includes('&') ? text.replace(ENTITY, (_, name: string) => ENTITY_TEXT[name]!) : text;
}

function forwardFinder(source: string, needle: string): (from: number) => number {
  let searchedFrom = Number.POSITIVE_INFINITY;
  let found = -1;
  return (from) => {
    if (from >= searchedFrom && (found === -1 || found >= from)) return found;
    searchedFrom = from;
    found = source.indexOf(needle, from);
    return found;
  };
}

function withAt(label: string): string {
  return label.startsWith('@') ? label : `@${label}`;
}

/** What a `<…>` token stands for, or null when it is not one Slack would send (then it stays literal). */
function readAngleToken(inner: string): SlackNode | null {
  const bar = inner.indexOf('|');
  const target = bar === -1 ? inner : inner.slice(0, bar);
  const label = bar === -1 ? '' : decodeSlackEntities(inner.slice(bar + 1));
  const sigil = target[0];
  const id = target.slice(1);

  if (sigil === '@' && id) {
    return label
      ? { type: 'mention', kind: 'user', text: withAt(label) }
      : { type: 'mention', kind: 'user', text: withAt(id), unlabelledUserId: id };
  }
  if (sigil === '#' && id) return { type: 'mention', kind: 'channel', text: `#${label || id}` };
  if (sigil === '!' && id) {
    const keyword = id.toLowerCase();
    if (keyword === 'here' || keyword === 'channel' || keyword === 'everyone') {
      return { type: 'mention', kind: 'broadcast', text: `@${keyword}` };
    }
    if (keyword.startsWith('subteam^')) {
      return { type: 'mention', kind: 'group', text: withAt(label || id.slice('subteam^'.length)) };
    }
    return label ? { type: 'text', text: label } : null;
  }

  const url = decodeSlackEntities(target);
  if (SAFE_URL.test(url) && URL.canParse(url)) {
    const text = label || (url.toLowerCase().startsWith('mailto:') ? url.slice('mailto:'.length) : url);
    return { type: 'link', href: url, text };
  }
  if (HAS_SCHEME.test(url)) return { type: 'text', text: label || url };
  return null;
}

function atomText(node: SlackNode): string {
  return node.type === 'text' ||
    node.type === 'mention' ||
    node.type === 'link' ||
    node.type === 'code' ||
    node.type === 'emoji'
    ? node.text
    : '';
}

/** Code shows its characters as typed: tokens inside it become their readable text, never chips or links. */
function codeText(raw: string): string {
  if (!raw.includes('<')) return decodeSlackEntities(raw);
  let result = '';
  let cursor = 0;
  const findClose = forwardFinder(raw, '>');
  const findOpen = forwardFinder(raw, '<');
  for (let open = raw.indexOf('<'); open !== -1; open = findOpen(open + 1)) {
    if (open < cursor) continue;
    const close = findClose(open + 1);
    if (close === -1) break;
    const nextOpen = findOpen(open + 1);
    if (nextOpen !== -1 && nextOpen < close) continue;
    const node = readAngleToken(raw.slice(open + 1, close));
    if (!node) continue;
    result += decodeSlackEntities(raw.slice(cursor, open)) + atomText(node);
    cursor = close + 1;
  }
  return result + decodeSlackEntities(raw.slice(cursor));
}

function trimNewline(text: string, side: 'start' | 'end'): string {
  if (side === 'start') return text.startsWith('\n') ? text.slice(1) : text;
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

function isWord(character: string | undefined): boolean {
  return character !== undefined && WORD_CHARACTER.test(character);
}

function isSpace(character: string | undefined): boolean {
  return character === undefined || SPACE.test(character);
}

/**
 * Pairs `*`, `_` and `~` as Slack does: an opener follows a non-word character and hugs non-space text, a closer
 * follows non-space text and is not followed by a word character, and nothing spans a line break. At most one
 * opener of each kind is pending, so the stack never holds more than three entries.
 */
function pairEmphasis(line: string): Map<number, number> {
  const pairs = new Map<number, number>();
  const pending: { at: number; marker: string }[] = [];
  for (let index = 0; index < line.length; index += 1) {
    const character = line[index]!;
    if (character === '\n') {
      pending.length = 0;
      continue;
    }
    if (!(character in EMPHASIS)) continue;
    const before = line[index - 1];
    const after = line[index + 1];
    const openerAt = pending.findIndex((entry) => entry.marker === character);
    if (openerAt !== -1 && pending[openerAt]!.at < index - 1 && !isSpace(before) && !isWord(after)) {
      pairs.set(pending[openerAt]!.at, index);
      pending.length = openerAt;
      continue;
    }
    if (openerAt === -1 && !isWord(before) && !isSpace(after)) pending.push({ at: index, marker: character });
  }
  return pairs;
}

function pushText(children: SlackNode[], text: string): void {
  if (text === '') return;
  const last = children[children.length - 1];
  if (last?.type === 'text') last.text += text;
  else children.push({ type: 'text', text });
}

/** Inline markup of prose without code fences: tokens, code spans, then emphasis over the rest. */
function parseInline(text: string, emojiByName: ReadonlyMap<string, string>): SlackNode[] {
  const atoms: SlackNode[] = [];
  const atomPositions = new Set<number>();
  let flat = '';
  let cursor = 0;
  let index = 0;
  const findClose = forwardFinder(text, '>');
  const findOpen = forwardFinder(text, '<');
  const findBacktick = forwardFinder(text, '`');
  const findNewline = forwardFinder(text, '\n');
  const findColon = forwardFinder(text, ':');

  while (index < text.length) {
    const character = text[index];
    if (character === '<') {
      const close = findClose(index + 1);
      const nextOpen = findOpen(index + 1);
      const nextLine = findNewline(index + 1);
      const bounded =
        close !== -1 && (nextOpen === -1 || close < nextOpen) && (nextLine === -1 || close < nextLine);
      const node = bounded ? readAngleToken(text.slice(index + 1, close)) : null;
      if (node) {
        flat += text.slice(cursor, index);
        atomPositions.add(flat.length);
        flat += ATOM;
        atoms.push(node);
        index = close + 1;
        cursor = index;
        continue;
      }
    } else if (character === ':') {
      const close = findColon(index + 1);
      const name = close > index + 1 ? text.slice(index + 1, close) : '';
      const emoji =
        name.length <= MAX_SHORT_NAME && SHORT_NAME.test(name) ? emojiByName.get(name) : undefined;
      if (emoji) {
        flat += text.slice(cursor, index);
        atomPositions.add(flat.length);
        flat += ATOM;
        atoms.push({ type: 'emoji', name, text: emoji });
        index = close + 1;
        cursor = index;
        continue;
      }
    } else if (character === '`') {
      const close = findBacktick(index + 1);
      const nextLine = findNewline(index + 1);
      if (close > index + 1 && (nextLine === -1 || close < nextLine)) {
        flat += text.slice(cursor, index);
        atomPositions.add(flat.length);
        flat += ATOM;
        atoms.push({ type: 'code', text: codeText(text.slice(index + 1, close)) });
        index = close + 1;
        cursor = index;
        continue;
      }
    }
    index += 1;
  }
  flat += text.slice(cursor);

  const pairs = pairEmphasis(flat);
  const closers = new Set(pairs.values());
  const root: SlackNode[] = [];
  const stack: SlackNode[][] = [root];
  let atomIndex = 0;
  let runStart = 0;
  const flush = (end: number) => {
    pushText(stack[stack.length - 1]!, decodeSlackEntities(flat.slice(runStart, end)));
    runStart = end + 1;
  };
  for (let position = 0; position < flat.length; position += 1) {
    const character = flat[position]!;
    if (atomPositions.has(position)) {
      flush(position);
      stack[stack.length - 1]!.push(atoms[atomIndex++]!);
    } else if (pairs.has(position)) {
      flush(position);
      const node: SlackNode = { type: EMPHASIS[character]!, children: [] };
      stack[stack.length - 1]!.push(node);
      stack.push(node.children);
    } else if (closers.has(position)) {
      flush(position);
      stack.pop();
    }
  }
  flush(flat.length);
  return root;
}

/** Prose with ```fenced``` code blocks; an unclosed or empty fence stays literal. */
function parseFlow(source: string, emojiByName: ReadonlyMap<string, string>): SlackNode[] {
  const nodes: SlackNode[] = [];
  let cursor = 0;
  for (const [start, end] of fenceSpans(source)) {
    for (const node of parseInline(trimNewline(source.slice(cursor, start), 'end'), emojiByName))
      nodes.push(node);
    const code = source.slice(start + FENCE.length, end - FENCE.length);
    nodes.push({ type: 'code-block', text: codeText(trimNewline(trimNewline(code, 'start'), 'end')) });
    cursor = source[end] === '\n' ? end + 1 : end;
  }
  for (const node of parseInline(source.slice(cursor), emojiByName)) {
    const last = nodes[nodes.length - 1];
    if (node.type === 'text' && last?.type === 'text') last.text += node.text;
    else nodes.push(node);
  }
  return nodes;
}

/** Spans `[start, end)` of well-formed fences: an opening fence, some content, a closing fence. */
function fenceSpans(source: string): [number, number][] {
  const spans: [number, number][] = [];
  let open = source.indexOf(FENCE);
  while (open !== -1) {
    const close = source.indexOf(FENCE, open + FENCE.length);
    if (close === -1) break;
    if (close === open + FENCE.length) {
      open = close;
      continue;
    }
    spans.push([open, close + FENCE.length]);
    open = source.indexOf(FENCE, close + FENCE.length);
  }
  return spans;
}

const QUOTE_MARKERS = ['&gt;', '>'] as const;
const REST_QUOTE_MARKERS = ['&gt;&gt;&gt;', '>>>'] as const;

function stripMarker(line: string, markers: readonly string[]): string | null {
  for (const marker of markers) {
    if (line.startsWith(marker)) {
      const rest = line.slice(marker.length);
      return rest.startsWith(' ') ? rest.slice(1) : rest;
    }
  }
  return null;
}

/**
 * Lines starting with `>` (Slack sends `&gt;`) are quoted, consecutive ones together; `>>>` quotes the rest of the
 * message. A line that starts inside a code fence belongs to the block the fence opened in.
 *
 * A `:short_name:` outside code becomes its emoji when `standardEmoji` has it. Slack's whole table stays on the
 * server, which sends each message with the emoji its own short names stand for (`standard_emoji`,
 * docs/decisions/170); a name missing from it, as a workspace's custom emoji are, stays `:name:` text.
 */
export function parseSlackMrkdwn(
  text: string,
  standardEmoji: readonly StandardEmoji[] | undefined,
): SlackNode[] {
  const emojiByName = new Map(standardEmoji?.map(({ name, emoji }) => [name, emoji]));
  const spans = fenceSpans(text);
  const blocks: { quoted: boolean; lines: string[] }[] = [];
  let spanIndex = 0;
  let quoteRest = false;

  for (let lineStart = 0; lineStart <= text.length;) {
    const newline = text.indexOf('\n', lineStart);
    const lineEnd = newline === -1 ? text.length : newline;
    const line = text.slice(lineStart, lineEnd);
    while (spanIndex < spans.length && spans[spanIndex]![1] <= lineStart) spanIndex += 1;
    const inFence = spanIndex < spans.length && spans[spanIndex]![0] < lineStart;
    const current = blocks[blocks.length - 1];

    let quoted: string | null = null;
    if (!inFence && !quoteRest) {
      quoted = stripMarker(line, REST_QUOTE_MARKERS);
      if (quoted !== null) quoteRest = true;
      else quoted = stripMarker(line, QUOTE_MARKERS);
    }
    if (inFence && current) current.lines.push(line);
    else if (quoteRest && quoted === null && current) current.lines.push(line);
    else {
      const isQuote = quoted !== null;
      const content = quoted ?? line;
      if (current && current.quoted === isQuote) current.lines.push(content);
      else blocks.push({ quoted: isQuote, lines: [content] });
    }
    if (newline === -1) break;
    lineStart = newline + 1;
  }

  const root: SlackNode[] = [];
  for (const block of blocks) {
    const children = parseFlow(block.lines.join('\n'), emojiByName);
    if (block.quoted) root.push({ type: 'quote', children });
    else for (const child of children) root.push(child);
  }
  return root;
}
