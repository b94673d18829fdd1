import { createContext, useContext } from 'react';
import { CheckCheck } from 'lucide-react';
import { useRepeatedText } from '../../../lib/RepeatedTextScope.tsx';

/**
 * The ids (`UnifiedMessage.id`) of the messages the person answered (decision 154). A context, so the memoised cards
 * keep their props; without it (a card drawn alone) no marker is shown.
 */
export const HandledContext = createContext<ReadonlySet<string> | null>(null);

/** "Handled" beside a message the person answered, from Matome or on its platform. */
export function HandledMarker({ messageId, className = '' }: { messageId: string; className?: string }) {
  const handled = useContext(HandledContext);
  const t = useRepeatedText('awaiting');
  if (!handled?.has(messageId)) return null;
  return (
    <span
      data-handled-marker=""
      title={t('handled.title')}
      className={`inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-emerald-900 ${className}`}
    >
      <CheckCheck aria-hidden="true" className="size-3.5" />
      {t('handled.marker')}
    </span>
  );
}
