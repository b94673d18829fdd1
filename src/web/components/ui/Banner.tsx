import { CircleCheck, CircleX, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type BannerTone = 'success' | 'error';

const looks = {
  success: {
    icon: CircleCheck,
    box: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    iconColor: 'text-emerald-600',
  },
  error: { icon: CircleX, box: 'border-red-200 bg-red-50 text-red-900', iconColor: 'text-red-600' },
} as const;

/** The outcome of an action, shown where the action happened until the user dismisses it (SPEC §2). */
export function Banner({
  tone,
  children,
  onDismiss,
}: {
  tone: BannerTone;
  children: ReactNode;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('ui');
  const { icon: Icon, box, iconColor } = looks[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-2 rounded-lg border p-3 text-sm ${box}`}
    >
      <Icon aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${iconColor}`} />
      <div className="min-w-0 flex-1 break-words">{children}</div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t('banner.dismiss')}
        className="-m-1 rounded-md p-1 opacity-80 hover:bg-black/5 hover:opacity-100"
      >
        <X aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
