import { Search, X } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { prepareSearch } from '../api/search-messages.ts';
import type { MessageSearch } from '../hooks/use-message-search.ts';

const SEARCH_INPUT_ID = 'message-search';

/** Puts the keyboard in the search box, as "/" does. */
export function focusSearchBox(): void {
  document.getElementById(SEARCH_INPUT_ID)?.focus();
}

/**
 * The search box above the list ("/" comes here). Escape leaves it, keeping the words; the clear button drops them.
 */
export function SearchBox({ search }: { search: MessageSearch }) {
  const { t } = useTranslation('messages');
  const hintId = useId();
  return (
    <div role="search" className="relative min-w-40 flex-1">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-500"
      />
      <input
        id={SEARCH_INPUT_ID}
        type="text"
        inputMode="search"
        enterKeyHint="search"
        value={search.words}
        aria-label={t('search.label')}
        aria-describedby={hintId}
        aria-keyshortcuts="/"
        placeholder={t('search.placeholder')}
        onFocus={prepareSearch}
        onChange={(event) => search.setWords(event.target.value)}
        onCompositionStart={() => search.setComposing(true)}
        onCompositionEnd={(event) => {
          search.setWords(event.currentTarget.value);
          search.setComposing(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !event.nativeEvent.isComposing) {
            event.preventDefault();
            event.currentTarget.blur();
          }
        }}
        className="w-full rounded-lg border border-slate-300 bg-white py-1.5 pr-8 pl-8 text-sm text-slate-900 placeholder:text-slate-500 focus:border-indigo-500 focus:ring-2 focus:ring-indigo-200 focus:outline-none"
      />
      <span id={hintId} className="sr-only">
        {t('search.hint')}
      </span>
      {search.words !== '' && (
        <button
          type="button"
          onClick={() => {
            search.clear();
            focusSearchBox();
          }}
          aria-label={t('search.clear')}
          className="absolute top-1/2 right-1.5 -translate-y-1/2 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}
