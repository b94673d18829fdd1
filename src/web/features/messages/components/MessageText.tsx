import type { TFunction } from 'i18next';
import { CircleUserRound, ImageIcon, Info, Paperclip, TextQuote } from 'lucide-react';
import { useMemo, type ReactNode } from 'react';
import type { Platform, StandardEmoji } from '../../../../contract/messages.ts';
import type { Language } from '../../../../contract/auth-constants.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatMessageDate } from '../../../lib/relative-time.ts';
import { parseChatworkNotation, type ChatworkNode } from '../../../../contract/markup/chatwork-notation.ts';
import { isChatworkMentionOnly, isSlackMentionOnly } from '../../../../contract/markup/plain-text.ts';
import { parseSlackMrkdwn, type SlackNode } from '../../../../contract/markup/slack-mrkdwn.ts';
import { marked } from './Marked.tsx';
import { useRepeatedText } from '../../../lib/RepeatedTextScope.tsx';

type Translate = TFunction<'messageText'>;

interface RenderContext {
  t: Translate;
  /** The search's matched pieces, marked wherever the text shows them. */
  marks: readonly string[];
  formatTime: (unixSeconds: number) => string;
  known: KnownToMessage;
}

/** What the card knows beside the body: people's names by account id, and files it shows as attachments. */
export interface KnownToMessage {
  people: ReadonlyMap<string, string>;
  attachedFileIds: ReadonlySet<string>;
}

const nothingKnown: KnownToMessage = { people: new Map(), attachedFileIds: new Set() };
const noMarks: readonly string[] = [];

const badgeClassName =
  'mx-0.5 inline-flex items-center rounded px-1 align-baseline text-xs leading-5 font-semibold whitespace-nowrap';
const chipClassName =
  'mx-0.5 inline-flex max-w-full items-center gap-1 rounded-md border border-slate-200 bg-slate-50 px-1.5 align-baseline text-xs leading-5 text-slate-700';
const quoteClassName = 'my-1 border-l-4 border-slate-300 bg-slate-50 py-1 pr-2 pl-3 text-slate-700';
const codeBlockClassName =
  'rounded-lg bg-slate-900 px-3 py-2 font-mono text-xs leading-relaxed whitespace-pre-wrap text-slate-100 wrap-anywhere';
const inlineCodeClassName =
  'rounded bg-slate-100 px-1 py-px font-mono text-[0.85em] text-rose-700 wrap-anywhere';

function CodeBlock({ text, t }: { text: string; t: Translate }) {
  return (
    <figure aria-label={t('code')} className="my-1">
      <pre className={codeBlockClassName}>
        <code>{text}</code>
      </pre>
    </figure>
  );
}

/**
 * ChatWork wraps an upload in `[info][title]Uploaded a file[/title][download…][/info]`; when the card shows that file
 * as its attachment, the box would say only "Uploaded a file" above it, so it is left out.
 */
function onlyAnnouncesAttachedFile(children: readonly ChatworkNode[], known: KnownToMessage): boolean {
  const [first, ...rest] = children;
  if (first?.type !== 'title' || !first.children.every((child) => child.type === 'file-uploaded'))
    return false;
  const files = rest.filter((child) => !(child.type === 'text' && child.text.trim() === ''));
  return (
    files.length > 0 &&
    files.every((child) => child.type === 'file' && known.attachedFileIds.has(child.fileId))
  );
}

function renderChatwork(nodes: readonly ChatworkNode[], context: RenderContext): ReactNode[] {
  const { t } = context;
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return marked(node.text, context.marks, index);
      case 'to':
        return (
          <span key={index} className={`${badgeClassName} bg-indigo-100 text-indigo-800`}>
            {t('to')}
          </span>
        );
      case 'reply':
        return (
          <span
            key={index}
            className={`${badgeClassName} bg-emerald-100 text-emerald-800`}
            title={t('replyLabel')}
          >
            <span aria-hidden="true">{t('reply')}</span>
            <span className="sr-only">{t('replyLabel')}</span>
          </span>
        );
      case 'to-all':
        return (
          <span key={index} className={`${badgeClassName} bg-amber-100 text-amber-900`}>
            {t('toAll')}
          </span>
        );
      case 'quote':
        return (
          <blockquote key={index} className={quoteClassName}>
            <p className="flex flex-wrap items-center gap-x-1.5 text-xs text-slate-600">
              <TextQuote aria-hidden="true" className="size-3.5" />
              <span className="font-medium">{t('quote')}</span>
              {node.time !== null && (
                <time dateTime={new Date(node.time * 1000).toISOString()}>
                  {context.formatTime(node.time)}
                </time>
              )}
            </p>
            <div>{renderChatwork(node.children, context)}</div>
          </blockquote>
        );
      case 'info': {
        if (onlyAnnouncesAttachedFile(node.children, context.known)) return null;
        const [first, ...rest] = node.children;
        const title = first?.type === 'title' ? first : null;
        return (
          <div key={index} className="my-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2">
            <div className="flex items-start gap-1.5">
              <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-indigo-600" />
              {title ? (
                <div className="min-w-0 font-semibold text-slate-900">
                  {renderChatwork(title.children, context)}
                </div>
              ) : (
                <span className="sr-only">{t('info')}</span>
              )}
            </div>
            {(title ? rest : node.children).length > 0 && (
              <div className={title ? 'mt-1 border-t border-slate-200 pt-1' : 'mt-1'}>
                {renderChatwork(title ? rest : node.children, context)}
              </div>
            )}
          </div>
        );
      }
      case 'title':
        return (
          <div key={index} className="font-semibold text-slate-900">
            {renderChatwork(node.children, context)}
          </div>
        );
      case 'hr':
        return <hr key={index} className="my-2 border-slate-200" />;
      case 'code':
        return <CodeBlock key={index} text={node.text} t={t} />;
      case 'person': {
        const known = context.known.people.get(node.accountId);
        const name = known ?? t('user', { id: node.accountId });
        // A known person is named even where ChatWork shows only an icon: Matome has no picture to show.
        if (node.show === 'icon' && !known) {
          return (
            <CircleUserRound
              key={index}
              role="img"
              aria-label={name}
              className="mx-0.5 inline size-4 align-text-bottom text-slate-500"
            />
          );
        }
        return (
          <span key={index} className="mx-0.5 inline-flex items-center gap-0.5 align-baseline font-medium">
            {node.show !== 'name' && (
              <CircleUserRound aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
            )}
            {name}
          </span>
        );
      }
      case 'file':
        // Shown once, as the attachment below the text, with its size in the interface's format.
        if (context.known.attachedFileIds.has(node.fileId)) return null;
        return (
          <span key={index} className={chipClassName}>
            <Paperclip aria-hidden="true" className="size-3.5 shrink-0" />
            {node.name ? (
              <>
                <span className="sr-only">{t('file')} </span>
                <span className="truncate">{node.name}</span>
              </>
            ) : (
              t('file')
            )}
          </span>
        );
      case 'preview':
        return (
          <span key={index} className={chipClassName}>
            <ImageIcon aria-hidden="true" className="size-3.5 shrink-0" />
            {t('preview')}
          </span>
        );
      case 'file-uploaded':
        return t('fileUploaded');
    }
  });
}

const mentionClassName: Record<Extract<SlackNode, { type: 'mention' }>['kind'], string> = {
  user: 'bg-indigo-50 text-indigo-800',
  channel: 'bg-slate-100 text-slate-800',
  broadcast: 'bg-amber-100 text-amber-900',
  group: 'bg-indigo-50 text-indigo-800',
};

function renderSlack(nodes: readonly SlackNode[], context: RenderContext): ReactNode[] {
  const { t } = context;
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return marked(node.text, context.marks, index);
      case 'emoji':
        return (
          <span key={index} title={`:${node.name}:`}>
            {node.text}
          </span>
        );
      case 'mention':
        return (
          <span key={index} className={`rounded px-0.5 font-medium ${mentionClassName[node.kind]}`}>
            {node.unlabelledUserId && context.known.people.has(node.unlabelledUserId)
              ? `@${context.known.people.get(node.unlabelledUserId)}`
              : node.text}
          </span>
        );
      case 'link':
        return (
          <a
            key={index}
            href={node.href}
            target="_blank"
            rel="noopener noreferrer"
            className="text-indigo-700 underline wrap-anywhere hover:text-indigo-900"
          >
            {node.text}
            <span className="sr-only">{` ${t('opensInNewTab')}`}</span>
          </a>
        );
      case 'bold':
        return <strong key={index}>{renderSlack(node.children, context)}</strong>;
      case 'italic':
        return <em key={index}>{renderSlack(node.children, context)}</em>;
      case 'strike':
        return <s key={index}>{renderSlack(node.children, context)}</s>;
      case 'code':
        return (
          <code key={index} className={inlineCodeClassName}>
            {node.text}
          </code>
        );
      case 'code-block':
        return <CodeBlock key={index} text={node.text} t={t} />;
      case 'quote':
        return (
          <blockquote key={index} className={quoteClassName}>
            {renderSlack(node.children, context)}
          </blockquote>
        );
    }
  });
}

type Parsed = { mentionOnly: boolean } & (
  { platform: 'chatwork'; nodes: ChatworkNode[] } | { platform: 'slack'; nodes: SlackNode[] }
);

/**
 * A message body as React elements, never as HTML: ChatWork notation or Slack mrkdwn is parsed into a tree and
 * every piece of text reaches the DOM as a text node. A body that only addresses people shows the placeholder.
 */
export function MessageText({
  platform,
  text,
  standardEmoji,
  known = nothingKnown,
  marks = noMarks,
}: {
  platform: Platform;
  text: string;
  /** A Slack message's `standard_emoji`: its short names drawn as emoji. */
  standardEmoji?: readonly StandardEmoji[];
  known?: KnownToMessage;
  marks?: readonly string[];
}) {
  const t = useRepeatedText('messageText');
  const parsed = useMemo<Parsed>(() => {
    if (platform === 'chatwork') {
      const nodes = parseChatworkNotation(text);
      return { platform, nodes, mentionOnly: isChatworkMentionOnly(nodes) };
    }
    const nodes = parseSlackMrkdwn(text, standardEmoji);
    return { platform, nodes, mentionOnly: isSlackMentionOnly(nodes) };
  }, [platform, text, standardEmoji]);
  const language: Language = currentLanguage();
  const formatTime = (unixSeconds: number) => formatMessageDate(unixSeconds, language);

  if (parsed.mentionOnly) return <p className="text-slate-600 italic">{t('mentionOnly')}</p>;

  const context = { t, formatTime, known, marks };
  return (
    <div className="whitespace-pre-wrap wrap-anywhere">
      {parsed.platform === 'chatwork'
        ? renderChatwork(parsed.nodes, context)
        : renderSlack(parsed.nodes, context)}
    </div>
  );
}
