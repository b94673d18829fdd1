import { useTranslation } from 'react-i18next';

export function MessageListSkeleton() {
  const { t } = useTranslation('messages');
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
