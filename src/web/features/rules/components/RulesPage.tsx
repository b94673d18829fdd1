import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RULES_PER_USER_MAX, type Rule, type RuleInput } from '../../../../contract/rules.ts';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { buttonClassName } from '../../../components/ui/button-class-name.ts';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { useDeleteRule } from '../api/delete-rule.ts';
import { rulesQueryOptions } from '../api/get-rules.ts';
import { useReorderRules } from '../api/reorder-rules.ts';
import { useSaveRule } from '../api/save-rule.ts';
import { useSaveRuleSettings } from '../api/save-rule-settings.ts';
import { moveItem } from '../lib/move-item.ts';
import type { RuleNames } from '../lib/rule-summary.ts';
import { RuleEditorDialog } from './RuleEditorDialog.tsx';
import { RuleList } from './RuleList.tsx';
import { RuleSettingsForm } from './RuleSettingsForm.tsx';

interface RulesPageProps {
  /** A shared demo account: the rules are shown but cannot be changed. */
  readOnly: boolean;
  names: RuleNames;
  /** Runs after every change the server took: the messages show the rules' new outcome. */
  onRulesChanged(): void;
}

type Editing = { rule: Rule | null; key: number } | null;

/** The rules page: the rules in order (add, edit, delete, reorder), how they combine, and quiet hours. */
export function RulesPage({ readOnly, names, onRulesChanged }: RulesPageProps) {
  const { t } = useTranslation('rules');
  useDocumentTitle(t('page.title'));
  const { showToast } = useToast();
  const rules = useQuery(rulesQueryOptions());
  const saveRule = useSaveRule(onRulesChanged);
  const deleteRule = useDeleteRule(onRulesChanged);
  const reorder = useReorderRules(onRulesChanged);
  const saveSettings = useSaveRuleSettings(onRulesChanged);
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Rule | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const list = rules.data?.rules ?? [];

  const save = (input: RuleInput) =>
    saveRule.mutate(
      { ...(editing?.rule ? { id: editing.rule.id } : {}), rule: input },
      {
        onSuccess: () => {
          setEditing(null);
          showToast(t('editor.saved'), 'success');
        },
      },
    );

  const move = (from: number, to: number) =>
    reorder.mutate(
      moveItem(list, from, to).map((rule) => rule.id),
      {
        onError: (error) => showToast(t('editor.saveFailed', { message: error.message }), 'error'),
      },
    );

  const remove = () => {
    if (!deleting) return;
    deleteRule.mutate(deleting.id, {
      onSuccess: () => {
        showToast(t('delete.done'), 'success');
        headingRef.current?.focus();
      },
      onError: (error) => showToast(t('editor.saveFailed', { message: error.message }), 'error'),
      onSettled: () => setDeleting(null),
    });
  };

  const startEditing = (rule: Rule | null) => {
    saveRule.reset();
    setEditing({ rule, key: Date.now() });
  };

  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-8 sm:px-6">
      <nav>
        <Link to="/dashboard" className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {t('page.back')}
        </Link>
      </nav>
      <header className="space-y-1">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none"
        >
          {t('page.heading')}
        </h1>
        <p className="text-sm text-slate-600">{t('page.description')}</p>
        {readOnly && <p className="text-sm text-amber-800">{t('page.demo')}</p>}
      </header>

      {rules.isPending ? (
        <Spinner label={t('page.loading')} />
      ) : rules.isError ? (
        <Alert>
          <p>{t('page.loadFailed')}</p>
          <Button variant="secondary" size="sm" onClick={() => void rules.refetch()}>
            {t('page.retry')}
          </Button>
        </Alert>
      ) : (
        <>
          <section aria-labelledby="rules-heading" className="space-y-3">
            <div className="flex flex-wrap items-center gap-3">
              <h2 id="rules-heading" className="mr-auto text-lg font-semibold text-slate-900">
                {t('list.heading')}
              </h2>
              {!readOnly && (
                <Button onClick={() => startEditing(null)} disabled={list.length >= RULES_PER_USER_MAX}>
                  <Plus aria-hidden="true" className="size-4" />
                  {t('list.add')}
                </Button>
              )}
            </div>
            {list.length >= RULES_PER_USER_MAX && (
              <p className="text-sm text-slate-600">{t('list.limit', { count: RULES_PER_USER_MAX })}</p>
            )}
            {list.length === 0 ? (
              <p className="rounded-lg border border-dashed border-slate-300 p-4 text-sm text-slate-600">
                {t('list.empty')}
              </p>
            ) : (
              <>
                {!readOnly && list.length > 1 && (
                  <p className="text-sm text-slate-600">{t('list.dragHint')}</p>
                )}
                <RuleList
                  rules={list}
                  names={names}
                  readOnly={readOnly}
                  onMove={move}
                  onEdit={startEditing}
                  onDelete={setDeleting}
                />
              </>
            )}
          </section>
          <RuleSettingsForm
            settings={rules.data.settings}
            readOnly={readOnly}
            saving={saveSettings.isPending}
            onSave={(settings) =>
              saveSettings.mutate(settings, {
                onSuccess: () => showToast(t('quiet.saved'), 'success'),
                onError: (error) => showToast(t('editor.saveFailed', { message: error.message }), 'error'),
              })
            }
          />
        </>
      )}

      {editing && (
        <RuleEditorDialog
          key={editing.key}
          open
          rule={editing.rule}
          names={names}
          saving={saveRule.isPending}
          error={saveRule.error ? t('editor.saveFailed', { message: saveRule.error.message }) : null}
          onSave={save}
          onClose={() => setEditing(null)}
        />
      )}
      <Dialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('delete.title')}
        description={t('delete.confirm')}
        footer={
          <>
            <Button variant="secondary" onClick={() => setDeleting(null)}>
              {t('delete.cancel')}
            </Button>
            <Button onClick={remove} disabled={deleteRule.isPending} className="bg-red-600 hover:bg-red-700">
              {t('delete.action')}
            </Button>
          </>
        }
      />
    </div>
  );
}
