import { useTranslation } from 'react-i18next';
import { typeBadges } from '../../../../contract/classification.ts';
import type { MessageTypeFilter, UnifiedMessage } from '../../../../contract/messages.ts';

interface TypeBadgesProps {
  message: UnifiedMessage;
  activeTypes: readonly MessageTypeFilter[];
  onToggleType(type: MessageTypeFilter): void;
  className?: string;
}

/** A message's type badges (mention, DM, reply…), each a toggle that filters the list by its type. */
export function TypeBadges({ message, activeTypes, onToggleType, className = '' }: TypeBadgesProps) {
  const { t } = useTranslation('messages');
  return (
    <div className={`flex flex-wrap gap-1.5 ${className}`}>
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
