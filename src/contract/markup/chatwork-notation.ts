/**
 * ChatWork message notation (`[To:123]`, `[qt]…[/qt]`, `[info]…[/info]`, …) turned into a small tree that the UI
 * renders as React elements. One pass over the body cuts it into tokens, one pass pairs the container tags with an
 * explicit stack, and one pass builds the tree: no recursion and no backtracking-prone patterns, so a hostile 100 KB
 * body costs a few milliseconds. Anything that is not well-formed notation stays literal text, as ChatWork shows it.
 */

export type ChatworkNode =
  | { type: 'text'; text: string }
  | { type: 'to'; accountId: string }
  | { type: 'reply'; accountId: string }
  | { type: 'to-all' }
  | { type: 'quote'; time: number | null; children: ChatworkNode[] }
  | { type: 'info'; children: ChatworkNode[] }
  | { type: 'title'; children: ChatworkNode[] }
  | { type: 'hr' }
  | { type: 'code'; text: string }
  | { type: 'person'; accountId: string; show: 'icon' | 'name' | 'icon-and-name' }
  | { type: 'file'; fileId: string; name: string | null }
  | { type: 'preview'; fileId: string }
  | { type: 'file-uploaded' };

type ContainerNode = Extract<ChatworkNode, { children: ChatworkNode[] }>;
type ContainerName = 'qt' | 'info' | 'title';

type Token =
  | { kind: 'text'; text: string }
  | { kind: 'node'; node: ChatworkNode }
  | { kind: 'open'; name: ContainerName; raw: string; matched: boolean }
  | { kind: 'close'; name: ContainerName; raw: string; matched: boolean }
  | { kind: 'quote-meta'; time: number | null; raw: string };

/**
 * Deeper containers are still recognised but no longer nested: their content joins the enclosing one. This keeps
 * the tree (and the React tree) shallow whatever the input, e.g. a thousand nested quotes.
 */
export const MAX_NESTING = 6;

/** The latest instant a JavaScript Date can hold; a later quote time is ignored rather than shown as garbage. */
const MAX_UNIX_SECONDS = 8.64e12;

const TAG_START = /\[(\/?)([A-Za-z]+)/y;
const CLOSE_BRACKET = /\]/y;
const ID_ATTRIBUTE = /:(\d+)\]/y;
const REPLY_ATTRIBUTES = /[ \t]+aid=(\d+)(?:[ \t]+to=\d+-\d+)?[ \t]*\]/y;
const QUOTE_META_ATTRIBUTES = /[ \t]+aid=(\d+)(?:[ \t]+time=(\d+))?[ \t]*\]/y;
const PREVIEW_ATTRIBUTES = /[ \t]+id=(\d+)(?:[ \t]+ht=\d+)?[ \t]*\]/y;
const SYSTEM_TEXT_KEY = /:([a-z_]+)\]/y;

function stickyMatch(pattern: RegExp, source: string, at: number): RegExpExecArray | null {
  pattern.lastIndex = at;
  return pattern.exec(source);
}

/**
 * `find(from)` gives the first match at or after `from`. Callers ask with ever larger `from`, so remembering the
 * last answer makes all searches together linear instead of rescanning the tail for every unclosed tag.
 */
function forwardFinder(source: string, pattern: RegExp): (from: number) => number {
  const global = new RegExp(
    pattern.source,
    pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`,
  );
  let searchedFrom = Number.POSITIVE_INFINITY;
  let found = -1;
  return (from) => {
    if (from >= searchedFrom && (found === -1 || found >= from)) return found;
    global.lastIndex = from;
    const match = global.exec(source);
    searchedFrom = from;
    found = match ? match.index : -1;
    return found;
  };
}

function trimOneNewline(text: string, side: 'start' | 'end'): string {
  if (side === 'start') {
    if (text.startsWith('\r\n')) return text.slice(2);
    return text.startsWith('\n') ? text.slice(1) : text;
  }
  if (text.endsWith('\r\n')) return text.slice(0, -2);
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

function tokenize(body: string): Token[] {
  const tokens: Token[] = [];
  const findCodeEnd = forwardFinder(body, /\[\/code\]/i);
  const findDownloadEnd = forwardFinder(body, /\[\/download\]/i);
  const findNewline = forwardFinder(body, /\n/);
  let textStart = 0;
  let cursor = 0;

  const pushText = (end: number) => {
    if (end > textStart) tokens.push({ kind: 'text', text: body.slice(textStart, end) });
  };
  const emit = (token: Token, end: number) => {
    pushText(cursor);
    tokens.push(token);
    cursor = end;
    textStart = end;
  };

  while (cursor < body.length) {
    const open = body.indexOf('[', cursor);
    if (open === -1) break;
    cursor = open;
    const start = stickyMatch(TAG_START, body, open);
    if (!start) {
      cursor = open + 1;
      continue;
    }
    const closing = start[1] === '/';
    const name = start[2]!.toLowerCase();
    const after = open + start[0].length;
    const bare = stickyMatch(CLOSE_BRACKET, body, after);
    const bareEnd = after + 1;

    if ((name === 'qt' || name === 'info' || name === 'title') && bare) {
      const raw = body.slice(open, bareEnd);
      emit({ kind: closing ? 'close' : 'open', name, raw, matched: false }, bareEnd);
      continue;
    }
    if (closing) {
      cursor = open + 1;
      continue;
    }

    let match: RegExpExecArray | null;
    switch (name) {
      case 'to':
        if ((match = stickyMatch(ID_ATTRIBUTE, body, after))) {
          emit({ kind: 'node', node: { type: 'to', accountId: match[1]! } }, after + match[0].length);
          continue;
        }
        break;
      case 'rp':
        if ((match = stickyMatch(REPLY_ATTRIBUTES, body, after))) {
          emit({ kind: 'node', node: { type: 'reply', accountId: match[1]! } }, after + match[0].length);
          continue;
        }
        break;
      case 'toall':
        if (bare) {
          emit({ kind: 'node', node: { type: 'to-all' } }, bareEnd);
          continue;
        }
        break;
      case 'hr':
        if (bare) {
          emit({ kind: 'node', node: { type: 'hr' } }, bareEnd);
          continue;
        }
        break;
      case 'qtmeta':
        if ((match = stickyMatch(QUOTE_META_ATTRIBUTES, body, after))) {
          const end = after + match[0].length;
          const seconds = match[2] === undefined ? Number.NaN : Number(match[2]);
          const time = seconds <= MAX_UNIX_SECONDS ? seconds : null;
          emit({ kind: 'quote-meta', time, raw: body.slice(open, end) }, end);
          continue;
        }
        break;
      case 'code':
        if (bare) {
          const codeEnd = findCodeEnd(bareEnd);
          if (codeEnd !== -1) {
            const text = trimOneNewline(trimOneNewline(body.slice(bareEnd, codeEnd), 'start'), 'end');
            emit({ kind: 'node', node: { type: 'code', text } }, codeEnd + '[/code]'.length);
            continue;
          }
        }
        break;
      case 'picon':
      case 'pname':
      case 'piconname':
        if ((match = stickyMatch(ID_ATTRIBUTE, body, after))) {
          const show = name === 'picon' ? 'icon' : name === 'pname' ? 'name' : 'icon-and-name';
          emit(
            { kind: 'node', node: { type: 'person', accountId: match[1]!, show } },
            after + match[0].length,
          );
          continue;
        }
        break;
      case 'download':
        if ((match = stickyMatch(ID_ATTRIBUTE, body, after))) {
          const tagEnd = after + match[0].length;
          // The file name runs to [/download] on the same line; without one the chip stands alone.
          const nameEnd = findDownloadEnd(tagEnd);
          const lineEnd = findNewline(tagEnd);
          const named = nameEnd !== -1 && (lineEnd === -1 || nameEnd < lineEnd);
          const fileName = named ? body.slice(tagEnd, nameEnd).trim() : '';
          emit(
            { kind: 'node', node: { type: 'file', fileId: match[1]!, name: fileName || null } },
            named ? nameEnd + '[/download]'.length : tagEnd,
          );
          continue;
        }
        break;
      case 'preview':
        if ((match = stickyMatch(PREVIEW_ATTRIBUTES, body, after))) {
          emit({ kind: 'node', node: { type: 'preview', fileId: match[1]! } }, after + match[0].length);
          continue;
        }
        break;
      case 'dtext':
        match = stickyMatch(SYSTEM_TEXT_KEY, body, after);
        if (match?.[1] === 'file_uploaded') {
          emit({ kind: 'node', node: { type: 'file-uploaded' } }, after + match[0].length);
          continue;
        }
        break;
    }
    cursor = open + 1;
  }
  cursor = body.length;
  pushText(body.length);
  return tokens;
}

/**
 * Marks the container tags that form properly nested pairs. A closing tag whose opener is further down the stack
 * closes it and leaves the openers above unmatched; a closing tag with no opener stays unmatched. Every opener is
 * pushed and popped once, so this is linear.
 */
function pairContainers(tokens: Token[]): void {
  const stack: Extract<Token, { kind: 'open' }>[] = [];
  const openCount: Record<ContainerName, number> = { qt: 0, info: 0, title: 0 };
  for (const token of tokens) {
    if (token.kind === 'open') {
      stack.push(token);
      openCount[token.name] += 1;
    } else if (token.kind === 'close' && openCount[token.name] > 0) {
      let opener = stack.pop();
      while (opener && opener.name !== token.name) {
        openCount[opener.name] -= 1;
        opener = stack.pop();
      }
      if (opener) {
        openCount[opener.name] -= 1;
        opener.matched = true;
        token.matched = true;
      }
    }
  }
}

const BLOCK_TYPES = new Set<ChatworkNode['type']>(['quote', 'info', 'title', 'hr', 'code']);

export function isChatworkBlock(node: ChatworkNode): boolean {
  return BLOCK_TYPES.has(node.type);
}

type Frame = { container: ContainerNode | null; children: ChatworkNode[]; nested: boolean };

function newContainer(name: ContainerName): ContainerNode {
  if (name === 'qt') return { type: 'quote', time: null, children: [] };
  return { type: name, children: [] };
}

export function parseChatworkNotation(body: string): ChatworkNode[] {
  const tokens = tokenize(body);
  pairContainers(tokens);

  const root: ChatworkNode[] = [];
  const frames: Frame[] = [{ container: null, children: root, nested: true }];
  let depth = 0;
  let previous: Token | undefined;

  const append = (node: ChatworkNode) => {
    const children = frames[frames.length - 1]!.children;
    const last = children[children.length - 1];
    if (node.type === 'text') {
      // ChatWork bodies put a line break after a block tag; the block already starts a new line.
      let text = node.text;
      if (last ? isChatworkBlock(last) : children !== root) text = trimOneNewline(text, 'start');
      if (text === '') return;
      if (last?.type === 'text') last.text += text;
      else children.push({ type: 'text', text });
      return;
    }
    if (isChatworkBlock(node) && last?.type === 'text') {
      last.text = trimOneNewline(last.text, 'end');
      if (last.text === '') children.pop();
    }
    children.push(node);
  };

  for (const token of tokens) {
    switch (token.kind) {
      case 'text':
        append({ type: 'text', text: token.text });
        break;
      case 'node':
        append(token.node);
        break;
      case 'open':
        if (!token.matched) {
          append({ type: 'text', text: token.raw });
        } else if (depth < MAX_NESTING) {
          const container = newContainer(token.name);
          append(container);
          frames.push({ container, children: container.children, nested: true });
          depth += 1;
        } else {
          frames.push({ container: null, children: frames[frames.length - 1]!.children, nested: false });
        }
        break;
      case 'close':
        if (!token.matched) {
          append({ type: 'text', text: token.raw });
        } else {
          const frame = frames.pop()!;
          if (frame.nested) {
            depth -= 1;
            const last = frame.children[frame.children.length - 1];
            if (last?.type === 'text') {
              last.text = trimOneNewline(last.text, 'end');
              if (last.text === '') frame.children.pop();
            }
          }
        }
        break;
      case 'quote-meta': {
        const opener = previous?.kind === 'open' && previous.name === 'qt' && previous.matched;
        if (!opener) {
          append({ type: 'text', text: token.raw });
          break;
        }
        const container = frames[frames.length - 1]!.container;
        if (container?.type === 'quote') container.time = token.time;
        break;
      }
    }
    previous = token;
  }
  return root;
}
