import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n.ts';
import { prepareNameOrder, prepareTimeOfDay } from '../../../lib/intl-format.ts';
import { afterPaint } from '../hooks/use-after-paint.ts';

/** The list's place while its answers are awaited. */
export function MessageListSkeleton() {
  const { t } = useTranslation('messages');
  useEffect(() => {
    // A time format and a collator cost a phone at 4× about 30 ms each to make. Made while the skeleton waits, each in
    // a task of its own, neither lands in the long task that draws the list from its answers (decision 184).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancel = afterPaint(() => {
      prepareTimeOfDay(currentLanguage());
      timer = setTimeout(prepareNameOrder);
    });
    return () => {
      cancel();
      clearTimeout(timer);
    };
  }, []);
  return (
    <div role="status" aria-busy="true" className="space-y-3">
      <span className="sr-only">{t('list.loading')}</span>
      <div
        aria-hidden="true"
        className="h-24 animate-pulse rounded-xl bg-slate-200/70 motion-reduce:animate-none"
      />
      {[0, 1, 2, 3].map((index) => (
        <div
          key={index}
          aria-hidden="true"
          className="flex gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <div className="size-10 shrink-0 animate-pulse rounded-full bg-slate-200 motion-reduce:animate-none" />
          <div className="flex-1 space-y-2">
            <div className="h-4 w-1/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
            <div className="h-3 w-2/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
            <div className="h-3 w-1/2 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
          </div>
        </div>
      ))}
    </div>
  );
}
