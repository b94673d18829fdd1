import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_TAG_COLOR } from '../../../../contract/messages.ts';
import {
  TAG_DESCRIPTION_MAX_LENGTH,
  TAG_NAME_MAX_LENGTH,
  type TagCreateInput,
} from '../../../../contract/tags.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { ColorSwatches } from './ColorSwatches.tsx';
import { focusOnMount } from '../../../lib/focus-on-mount.ts';

export interface TagFormValues {
  name: string;
  name_jp: string;
  color: string;
  description: string;
}

interface TagFormProps {
  title: string;
  initial?: TagFormValues;
  submitLabel: string;
  saving: boolean;
  onSubmit(values: TagCreateInput): void;
  onCancel(): void;
}

const empty: TagFormValues = { name: '', name_jp: '', color: DEFAULT_TAG_COLOR, description: '' };

/** Creating or editing a tag: a name is required (SPEC §5), the rest is optional. */
export function TagForm({ title, initial = empty, submitLabel, saving, onSubmit, onCancel }: TagFormProps) {
  const { t } = useTranslation('tags');
  const id = useId();
  const [values, setValues] = useState(initial);
  const set = (field: keyof TagFormValues) => (value: string) =>
    setValues((old) => ({ ...old, [field]: value }));
  const nameMissing = values.name.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (nameMissing || saving) return;
    onSubmit({
      name: values.name.trim(),
      name_jp: values.name_jp.trim(),
      color: values.color,
      description: values.description.trim(),
    });
  };

  return (
    <form
      aria-labelledby={`${id}-title`}
      onSubmit={submit}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={`${id}-title`} className="font-semibold text-slate-900">
        {title}
      </h2>
      <TextField
        label={t('form.name')}
        placeholder={t('form.namePlaceholder')}
        value={values.name}
        maxLength={TAG_NAME_MAX_LENGTH}
        required
        ref={focusOnMount}
        onChange={(event) => set('name')(event.target.value)}
      />
      <TextField
        label={t('form.nameJp')}
        hint={t('form.nameJpHint')}
        value={values.name_jp}
        maxLength={TAG_NAME_MAX_LENGTH}
        lang="ja"
        onChange={(event) => set('name_jp')(event.target.value)}
      />
      <ColorSwatches name={`${id}-color`} value={values.color} onChange={set('color')} />
      <div className="space-y-1.5">
        <label htmlFor={`${id}-description`} className="block text-sm font-medium text-slate-800">
          {t('form.description')}
        </label>
        <textarea
          id={`${id}-description`}
          rows={2}
          value={values.description}
          maxLength={TAG_DESCRIPTION_MAX_LENGTH}
          onChange={(event) => set('description')(event.target.value)}
          className="block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm focus-visible:border-indigo-600"
        />
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" disabled={nameMissing || saving}>
          {saving ? t('form.saving') : submitLabel}
        </Button>
      </div>
    </form>
  );
}
