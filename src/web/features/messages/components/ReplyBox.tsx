import { Send } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REPLY_MAX_LENGTH } from '../../../../contract/connections.ts';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { isComposing } from '../../../lib/shortcut-keys.ts';
import { useToast } from '../../../components/ui/use-toast.ts';
import { useSendReply } from '../api/send-reply.ts';
import { replyPrefill, replyRequest, slackReplyThread } from '../lib/reply-draft.ts';
import { useOnline } from '../../../lib/use-online.ts';

export interface ReplyBoxProps {
  message: UnifiedMessage;
  /** Called after a reply was sent, on Cancel and on Escape. */
  onClose(): void;
}

/**
 * Writes a reply that Matome posts on the message's platform (SPEC §2, §4): prefilled so the sender is notified, the
 * cursor after the prefill, Ctrl/Cmd+Enter sends, blank text cannot be sent.
 */
export function ReplyBox({ message, onClose }: ReplyBoxProps) {
  const { t } = useTranslation(['reply', 'messages']);
  const online = useOnline();
  const { showToast } = useToast();
  const send = useSendReply();
  const [prefill] = useState(() => replyPrefill(message));
  const [text, setText] = useState(prefill);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const hintId = useId();
  // Only the prefilled mention is nothing to send either.
  const blank = text.trim().length === 0 || text.trim() === prefill.trim();
  const platform = t(`messages:platforms.${message.platform}`);

  useEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.focus();
    textarea.setSelectionRange(textarea.value.length, textarea.value.length);
  }, []);

  const submit = () => {
    if (blank || send.isPending) return;
    send.mutate(replyRequest(message, text), {
      onSuccess: () => {
        showToast(t('sent', { platform }), 'success');
        onClose();
      },
      onError: (error) => showToast(t('failed', { reason: error.message }), 'error'),
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter and Escape belong to an IME while it composes: they commit or cancel the conversion.
    if (isComposing(event.nativeEvent)) return;
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && !send.isPending) {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <form onSubmit={onSubmit} className="mt-3 space-y-2" aria-busy={send.isPending}>
      <textarea
        ref={textareaRef}
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
        readOnly={send.isPending}
        maxLength={REPLY_MAX_LENGTH}
        rows={3}
        aria-label={t('label', { sender: message.sender.name })}
        aria-describedby={hintId}
        className="block w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
      />
      <div className="flex flex-wrap items-center gap-2">
        <p id={hintId} className="flex-1 text-xs text-slate-600">
          {t('hint')}
          {slackReplyThread(message) && <> {t('threadNote')}</>}
        </p>
        <Button variant="ghost" size="sm" onClick={onClose} disabled={send.isPending}>
          {t('cancel')}
        </Button>
        <Button type="submit" size="sm" disabled={blank || send.isPending || !online}>
          <Send aria-hidden="true" className="size-3.5" />
          {t(send.isPending ? 'sending' : 'send')}
        </Button>
      </div>
    </form>
  );
}
