import { typeBadges } from '../../../../contract/classification.ts';
import { Star } from 'lucide-react';
import type { MessageTypeFilter, UnifiedMessage } from '../../../../contract/messages.ts';
import { ruleMarksOf } from '../../../../contract/rules.ts';
import { useRepeatedText } from '../../../lib/RepeatedTextScope.tsx';

interface TypeBadgesProps {
  message: UnifiedMessage;
  activeTypes: readonly MessageTypeFilter[];
  onToggleType(type: MessageTypeFilter): void;
  className?: string;
}

/**
 * A message's type badges (mention, DM, reply…), each a toggle that filters the list by its type, after the mark of
 * a message the person's rules made important.
 */
export function TypeBadges({ message, activeTypes, onToggleType, className = '' }: TypeBadgesProps) {
  const t = useRepeatedText('messages');
  const tTriage = useRepeatedText('triage');
  return (
    <div className={`flex flex-wrap gap-1.5 ${className}`}>
      {ruleMarksOf(message.original_message).important && (
        <span
          data-badge="important"
          className="inline-flex items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900"
        >
          <Star aria-hidden="true" className="size-3 fill-amber-500 text-amber-600" />
          {tTriage('views.importantBadge')}
        </span>
      )}
      {typeBadges(message.mention_types).map((type) => {
        const active = activeTypes.includes(type);
        return (
          <button
            key={type}
            type="button"
            aria-pressed={active}
            onClick={() => onToggleType(type)}
            title={t(active ? 'badges.stopFilteringBy' : 'badges.filterBy', { type: t(`types.${type}`) })}
            className={`rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap ${
              active
                ? 'border-indigo-600 bg-indigo-600 text-white'
                : 'border-indigo-200 bg-indigo-50 text-indigo-800 hover:bg-indigo-100'
            }`}
          >
            {t(`badges.${type}`)}
          </button>
        );
      })}
    </div>
  );
}
