import { Check } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { TAG_COLORS } from '../../../../contract/messages.ts';

interface ColorSwatchesProps {
  value: string;
  onChange(color: string): void;
  /** Distinguishes the radio groups of several forms on one page. */
  name: string;
}

/** The 10 tag colours (SPEC §3) as a radio group. */
export function ColorSwatches({ value, onChange, name }: ColorSwatchesProps) {
  const { t } = useTranslation('tags');
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{t('form.color')}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {TAG_COLORS.map((color) => (
          <label key={color} className="relative cursor-pointer" title={t(`colors.${color}`)}>
            <input
              type="radio"
              name={name}
              value={color}
              checked={value.toUpperCase() === color}
              onChange={() => onChange(color)}
              className="peer sr-only"
            />
            <span className="sr-only">{t(`colors.${color}`)}</span>
            <span
              aria-hidden="true"
              className="flex size-8 items-center justify-center rounded-full ring-offset-2 peer-checked:ring-2 peer-checked:ring-slate-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-4 peer-focus-visible:outline-indigo-600"
              style={{ backgroundColor: color }}
            >
              {value.toUpperCase() === color && <Check className="size-4 text-white" />}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
