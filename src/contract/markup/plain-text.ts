import type { Platform, StandardEmoji } from '../messages.ts';
import { isChatworkBlock, parseChatworkNotation, type ChatworkNode } from './chatwork-notation.ts';
import { parseSlackMrkdwn, type SlackNode } from './slack-mrkdwn.ts';

/**
 * The text a reader sees, built from the same trees MessageText renders: blocks (quotes, panels, code, rules) stand
 * on lines of their own, markup is gone. ChatWork `[To]`, `[rp]` and `[toall]` markers, person icons and names and
 * preview chips are markup; a file counts by its name. Slack mentions count as the `@name` the reader sees.
 */
class LineWriter {
  private readonly parts: string[] = [];
  private breakPending = false;

  write(text: string): void {
    if (this.breakPending) {
      // Spaces and line breaks around a block are not something a reader sees; one line break stands for them.
      const content = text.trimStart();
      if (content === '') return;
      this.trimTrailingSpace();
      if (this.parts.length > 0) this.parts.push('\n');
      this.breakPending = false;
      this.parts.push(content);
    } else if (text !== '') {
      this.parts.push(text);
    }
  }

  block(text: string): void {
    this.breakPending = true;
    this.write(text);
    this.breakPending = true;
  }

  result(): string {
    return this.parts.join('').trim();
  }

  private trimTrailingSpace(): void {
    while (this.parts.length > 0) {
      const last = this.parts.pop()!.trimEnd();
      if (last !== '') {
        this.parts.push(last);
        return;
      }
    }
  }
}

function writeChatwork(nodes: readonly ChatworkNode[], out: LineWriter): void {
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        out.write(node.text);
        break;
      case 'code':
        out.block(node.text);
        break;
      case 'quote':
      case 'info':
      case 'title': {
        const inner = new LineWriter();
        writeChatwork(node.children, inner);
        out.block(inner.result());
        break;
      }
      case 'file':
        out.write(node.name ?? '');
        break;
      default:
        if (isChatworkBlock(node)) out.block('');
    }
  }
}

function writeSlack(nodes: readonly SlackNode[], out: LineWriter): void {
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
      case 'mention':
      case 'link':
      case 'code':
      case 'emoji':
        out.write(node.text);
        break;
      case 'code-block':
        out.block(node.text);
        break;
      case 'quote': {
        const inner = new LineWriter();
        writeSlack(node.children, inner);
        out.block(inner.result());
        break;
      }
      default:
        writeSlack(node.children, out);
    }
  }
}

export function chatworkPlainText(nodes: readonly ChatworkNode[]): string {
  const out = new LineWriter();
  writeChatwork(nodes, out);
  return out.result();
}

export function slackPlainText(nodes: readonly SlackNode[]): string {
  const out = new LineWriter();
  writeSlack(nodes, out);
  return out.result();
}

/** A message's text as the card renders it: a source message, a timeline message or a part of one. */
export type RenderedText = { platform: Platform; content: string; standard_emoji?: readonly StandardEmoji[] };

export function plainTextOf(message: RenderedText): string {
  return message.platform === 'chatwork'
    ? chatworkPlainText(parseChatworkNotation(message.content))
    : slackPlainText(parseSlackMrkdwn(message.content, message.standard_emoji));
}

/** Honorifics and punctuation alone, e.g. the 'さん' left after `<@U1> さん`. Each round consumes a whole word. */
const HONORIFICS_ONLY =
  /^[\s\p{P}]*(?:(?:さん|様|さま|殿|くん|君|ちゃん|氏|各位|san|sama|kun|chan)[\s\p{P}]*)*$/iu;

/**
 * A ChatWork body is mention-only when it has a `[To]`, `[rp]` or `[toall]` marker and nothing else once the
 * markers are gone, together with the rest of each line that holds a `[To]` or `[rp]` marker (where the addressee's
 * name goes: `[To:123]Sato Kenji さん`). Quotes, panels, code, files and previews are content.
 */
export function isChatworkMentionOnly(nodes: readonly ChatworkNode[]): boolean {
  let sawMarker = false;
  let skippingLine = false;
  let rest = '';
  for (const node of nodes) {
    switch (node.type) {
      case 'to':
      case 'reply':
        sawMarker = true;
        skippingLine = true;
        break;
      case 'to-all':
        sawMarker = true;
        break;
      case 'text': {
        if (!skippingLine) {
          rest += node.text;
          break;
        }
        const lineEnd = node.text.indexOf('\n');
        if (lineEnd !== -1) {
          skippingLine = false;
          rest += node.text.slice(lineEnd);
        }
        break;
      }
      case 'person':
        if (!skippingLine) return false;
        break;
      default:
        return false;
    }
  }
  return sawMarker && HONORIFICS_ONLY.test(rest);
}

/**
 * A Slack text is mention-only when it has a user, broadcast (`<!here>` …) or user-group mention and nothing else
 * but spaces, punctuation and honorifics. Channel names, links and code are content.
 */
export function isSlackMentionOnly(nodes: readonly SlackNode[]): boolean {
  let sawMention = false;
  let rest = '';
  const pending: SlackNode[] = [...nodes].reverse();
  while (pending.length > 0) {
    const node = pending.pop()!;
    switch (node.type) {
      case 'mention':
        if (node.kind === 'channel') return false;
        sawMention = true;
        break;
      case 'text':
        rest += node.text;
        break;
      case 'bold':
      case 'italic':
      case 'strike':
      case 'quote':
        for (const child of [...node.children].reverse()) pending.push(child);
        break;
      default:
        return false;
    }
  }
  return sawMention && HONORIFICS_ONLY.test(rest);
}

export function isMentionOnly(message: RenderedText): boolean {
  return message.platform === 'chatwork'
    ? isChatworkMentionOnly(parseChatworkNotation(message.content))
    : isSlackMentionOnly(parseSlackMrkdwn(message.content, message.standard_emoji));
}
