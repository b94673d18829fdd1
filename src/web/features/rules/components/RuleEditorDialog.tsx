import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  messageTypeFilters,
  platformNames,
  platforms,
  type MessageTypeFilter,
  type Platform,
} from '../../../../contract/messages.ts';
import {
  hasAction,
  hasCondition,
  RULE_NAME_MAX,
  RULE_WORDS_MAX,
  type Rule,
  type RuleActions,
  type RuleConditions,
  type RuleInput,
} from '../../../../contract/rules.ts';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { tagName } from '../../../lib/tag-name.ts';
import { connectionName, type RuleNames } from '../lib/rule-summary.ts';
import { CheckboxField } from './CheckboxField.tsx';
import { CheckboxGroup } from './CheckboxGroup.tsx';
import { TargetPicker } from './TargetPicker.tsx';

interface RuleEditorDialogProps {
  /** The rule to change; null for a new one. */
  rule: Rule | null;
  open: boolean;
  names: RuleNames;
  saving: boolean;
  /** The server's refusal, shown above the buttons. */
  error: string | null;
  onSave(rule: RuleInput): void;
  onClose(): void;
}

const emptyActions: RuleActions = { tag_ids: [], important: false, mute: false, notify: null };

/** Adds or changes a rule: its conditions (all must hold) and its actions. */
export function RuleEditorDialog({
  rule,
  open,
  names,
  saving,
  error,
  onSave,
  onClose,
}: RuleEditorDialogProps) {
  const { t } = useTranslation('rules');
  const { t: tMessages } = useTranslation('messages');
  const language = currentLanguage();
  const nameRef = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(rule?.name ?? '');
  const [conditions, setConditions] = useState<RuleConditions>(rule?.conditions ?? {});
  const [actions, setActions] = useState<RuleActions>(rule?.actions ?? emptyActions);
  const [checked, setChecked] = useState(false);
  const update = (change: Partial<RuleConditions>) => setConditions((current) => ({ ...current, ...change }));
  const act = (change: Partial<RuleActions>) => setActions((current) => ({ ...current, ...change }));

  const words = conditions.words?.trim() ?? '';
  const complete = { conditions: { ...conditions, words: words || undefined }, actions };
  const missingCondition = !hasCondition(complete.conditions);
  const missingAction = !hasAction(actions);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (missingCondition || missingAction) return;
    const { words: _words, ...rest } = complete.conditions;
    onSave({
      ...(name.trim() ? { name: name.trim() } : {}),
      conditions: words ? { ...rest, words } : rest,
      actions,
    });
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t(rule ? 'editor.editTitle' : 'editor.createTitle')}
      description={t('editor.description')}
      initialFocusRef={nameRef}
    >
      <form id="rule-editor" className="space-y-5" onSubmit={submit} noValidate>
        <TextField
          ref={nameRef}
          label={t('editor.name')}
          value={name}
          maxLength={RULE_NAME_MAX}
          onChange={(event) => setName(event.target.value)}
        />
        <section className="space-y-3" aria-labelledby="rule-conditions">
          <h3 id="rule-conditions" className="font-semibold text-slate-900">
            {t('editor.conditions')}
          </h3>
          <CheckboxGroup<Platform>
            legend={t('editor.platforms')}
            options={platforms.map((value) => ({ value, label: platformNames[value] }))}
            checked={conditions.platforms ?? []}
            onChange={(platforms) => update({ platforms })}
          />
          <CheckboxGroup<string>
            legend={t('editor.connections')}
            options={[
              ...names.connections.map((connection) => ({
                value: connection.id,
                label: connectionName(connection),
              })),
              ...(conditions.connection_ids ?? [])
                .filter((id) => !names.connections.some((connection) => connection.id === id))
                .map((value) => ({ value, label: t('summary.removedConnection') })),
            ]}
            checked={conditions.connection_ids ?? []}
            onChange={(connection_ids) => update({ connection_ids })}
          />
          <TargetPicker
            legend={t('editor.places')}
            targets={conditions.places ?? []}
            known={names.places}
            addLabel={t('editor.addPlace')}
            names={names}
            onChange={(places) => update({ places })}
          />
          <TargetPicker
            legend={t('editor.senders')}
            targets={conditions.senders ?? []}
            known={names.senders}
            addLabel={t('editor.addSender')}
            names={names}
            onChange={(senders) => update({ senders })}
          />
          <CheckboxGroup<MessageTypeFilter>
            legend={t('editor.types')}
            options={messageTypeFilters.map((value) => ({ value, label: tMessages(`types.${value}`) }))}
            checked={conditions.types ?? []}
            onChange={(types) => update({ types })}
          />
          <TextField
            label={t('editor.words')}
            hint={t('editor.wordsHint')}
            value={conditions.words ?? ''}
            maxLength={RULE_WORDS_MAX}
            onChange={(event) => update({ words: event.target.value })}
          />
          {checked && missingCondition && <p className="text-sm text-red-700">{t('editor.needCondition')}</p>}
        </section>
        <section className="space-y-3" aria-labelledby="rule-actions">
          <h3 id="rule-actions" className="font-semibold text-slate-900">
            {t('editor.actions')}
          </h3>
          <CheckboxGroup<string>
            legend={t('editor.tags')}
            empty={t('editor.noTags')}
            options={[
              ...names.tags.map((tag) => ({ value: tag.id, label: tagName(tag, language) })),
              ...actions.tag_ids
                .filter((id) => !names.tags.some((tag) => tag.id === id))
                .map((value) => ({ value, label: t('summary.removedTag') })),
            ]}
            checked={actions.tag_ids}
            onChange={(tag_ids) => act({ tag_ids })}
          />
          <CheckboxField checked={actions.important} onChange={(important) => act({ important })}>
            {t('editor.important')}
          </CheckboxField>
          <CheckboxField checked={actions.mute} onChange={(mute) => act({ mute })}>
            {t('editor.mute')}
          </CheckboxField>
          <label className="block space-y-1.5 text-sm font-medium text-slate-800">
            <span className="block">{t('editor.notify')}</span>
            <select
              className="block rounded-lg border border-slate-400 bg-white px-3 py-2 font-normal"
              value={actions.notify ?? ''}
              onChange={(event) =>
                act({ notify: event.target.value === '' ? null : (event.target.value as 'always' | 'never') })
              }
            >
              <option value="">{t('editor.notifyDefault')}</option>
              <option value="always">{t('editor.notifyAlways')}</option>
              <option value="never">{t('editor.notifyNever')}</option>
            </select>
          </label>
          {checked && missingAction && <p className="text-sm text-red-700">{t('editor.needAction')}</p>}
        </section>
        {error && <Alert>{error}</Alert>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            {t('editor.cancel')}
          </Button>
          <Button type="submit" disabled={saving}>
            {t('editor.save')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
