import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { VIEW_NAME_MAX_LENGTH } from '../../../../contract/saved-views.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { ApiError } from '../../../lib/api-client.ts';

interface ViewNameDialogProps {
  /** What the dialog does: save the list's filters as a new view, or rename one. */
  mode: 'save' | 'rename';
  initialName: string;
  /** A default view's own name: clearing the field gives it back. */
  defaultName?: string;
  /** Resolves once saved; a refusal (a name in use, too many views) is shown in the dialog. */
  onSubmit(name: string | null): Promise<void>;
  onClose(): void;
}

/** Names a view: "Save as view" and "Rename". Mount it to open it. */
export function ViewNameDialog({ mode, initialName, defaultName, onSubmit, onClose }: ViewNameDialogProps) {
  const { t } = useTranslation('views');
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fieldRef = useRef<HTMLInputElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (trimmed === '' && defaultName === undefined) {
      setError(t('name.empty'));
      return;
    }
    setBusy(true);
    try {
      await onSubmit(trimmed === '' ? null : trimmed);
      onClose();
    } catch (caught) {
      setError(errorText(caught));
      setBusy(false);
    }
  };

  const errorText = (caught: unknown) => {
    if (caught instanceof ApiError && caught.code === 'VIEW_NAME_TAKEN') return t('name.taken');
    if (caught instanceof ApiError && caught.code === 'VIEW_LIMIT') return t('name.limit');
    return t('errors.save');
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t(mode === 'save' ? 'save.title' : 'rename.title')}
      description={t(mode === 'save' ? 'save.description' : 'rename.description')}
      initialFocusRef={fieldRef}
    >
      <form id="view-name-form" onSubmit={(event) => void submit(event)} className="space-y-4 pb-1">
        <TextField
          ref={fieldRef}
          label={t('name.label')}
          hint={defaultName === undefined ? undefined : t('name.defaultHint', { name: defaultName })}
          value={name}
          maxLength={VIEW_NAME_MAX_LENGTH}
          onChange={(event) => {
            setName(event.target.value);
            setError(null);
          }}
          aria-invalid={error !== null}
          autoComplete="off"
        />
        {error !== null && (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={busy}>
            {t(mode === 'save' ? 'save.submit' : 'rename.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
