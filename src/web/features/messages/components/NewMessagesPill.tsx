import { ArrowUp } from 'lucide-react';
import { memo, useEffect } from 'react';
import { useTranslation } from 'react-i18next';

interface NewMessagesPillProps {
  count: number;
  onReveal(): void;
}

const COUNT_PREFIX = /^\(\d+\) /;

/**
 * "N new" above the list: new messages wait behind it, so the card being read stays where it is. The document
 * title carries the count too, for a tab in the background.
 */
function NewMessagesPillView({ count, onReveal }: NewMessagesPillProps) {
  const { t } = useTranslation('messages');

  useEffect(() => {
    const base = document.title.replace(COUNT_PREFIX, '');
    document.title = count > 0 ? `(${count}) ${base}` : base;
  }, [count]);
  useEffect(
    () => () => {
      document.title = document.title.replace(COUNT_PREFIX, '');
    },
    [],
  );

  return (
    <>
      <p role="status" className="sr-only">
        {count > 0 ? t('live.arrived', { count }) : ''}
      </p>
      {count > 0 && (
        <div className="sticky top-16 z-20 flex justify-center">
          <button
            type="button"
            onClick={onReveal}
            title={t('live.newMessagesHint')}
            data-testid="new-messages-pill"
            className="inline-flex items-center gap-1.5 rounded-full bg-blue-600 px-4 py-1.5 text-sm font-medium text-white shadow-md hover:bg-blue-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
          >
            <ArrowUp aria-hidden="true" className="h-4 w-4" />
            {t('live.newMessages', { count })}
          </button>
        </div>
      )}
    </>
  );
}

/** Memoised: a page change draws the list again without it. */
export const NewMessagesPill = memo(NewMessagesPillView);
