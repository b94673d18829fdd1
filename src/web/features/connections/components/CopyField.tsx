import { Check, Copy } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/Button.tsx';

type CopyState = 'idle' | 'copied' | 'failed';

/** A read-only value with a copy button; where the clipboard is refused, the value is selected for copying by hand. */
export function CopyField({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation('chatworkLive');
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<CopyState>('idle');

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      inputRef.current?.select();
      setState('failed');
    }
  };

  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs font-medium text-slate-700">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={id}
          readOnly
          value={value}
          onFocus={(event) => event.currentTarget.select()}
          className="block min-w-0 flex-1 rounded-lg border border-slate-400 bg-slate-50 px-2 py-1.5 font-mono text-xs text-slate-900"
        />
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          {state === 'copied' ? (
            <Check aria-hidden="true" className="size-3.5" />
          ) : (
            <Copy aria-hidden="true" className="size-3.5" />
          )}
          {t('copy')}
        </Button>
      </div>
      <p role="status" className="text-xs text-slate-600">
        {state === 'copied' ? t('copied') : state === 'failed' ? t('copyFailed') : ''}
      </p>
    </div>
  );
}
