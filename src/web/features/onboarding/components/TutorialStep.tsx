import { CheckCircle2, Circle, EyeOff, ListTodo, Tag } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClassName } from '../../../components/ui/button-class-name.ts';
import { TUTORIAL_ACTIONS, type TutorialAction } from '../lib/onboarding-state.ts';

const SAMPLES = ['first', 'second', 'third'] as const;
type Sample = (typeof SAMPLES)[number];

const actionButton = buttonClassName({ variant: 'secondary', size: 'sm' });

/** Step 2: the four inbox actions on sample messages that exist only here; nothing reaches the server. */
export function TutorialStep({
  done,
  onDone,
}: {
  done: ReadonlySet<TutorialAction>;
  onDone: (action: TutorialAction) => void;
}) {
  const { t } = useTranslation('onboarding');
  const [tagged, setTagged] = useState<ReadonlySet<Sample>>(new Set());
  const [hidden, setHidden] = useState<ReadonlySet<Sample>>(new Set());
  const [tasks, setTasks] = useState<ReadonlySet<Sample>>(new Set());
  const [onlyTagged, setOnlyTagged] = useState(false);

  const toggleTag = (sample: Sample) => {
    const next = new Set(tagged);
    if (!next.delete(sample)) next.add(sample);
    setTagged(next);
    onDone('tag');
  };
  const visible = SAMPLES.filter((sample) => !hidden.has(sample) && (!onlyTagged || tagged.has(sample)));

  return (
    <div className="space-y-4">
      <p>{t('tutorial.body')}</p>
      <ul aria-label={t('tutorial.checklistLabel')} className="grid gap-1 sm:grid-cols-2">
        {TUTORIAL_ACTIONS.map((action) => (
          <li key={action} className="flex items-center gap-2">
            {done.has(action) ? (
              <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-600" />
            ) : (
              <Circle aria-hidden="true" className="size-4 text-slate-400" />
            )}
            <span>{t(`tutorial.actions.${action}`)}</span>
            <span className="sr-only">({t(done.has(action) ? 'tutorial.done' : 'tutorial.notDone')})</span>
          </li>
        ))}
      </ul>
      <button
        type="button"
        aria-pressed={onlyTagged}
        onClick={() => {
          setOnlyTagged(!onlyTagged);
          onDone('filter');
        }}
        className={`${buttonClassName({ variant: onlyTagged ? 'primary' : 'secondary', size: 'sm' })}`}
      >
        <Tag aria-hidden="true" className="size-4" />
        {t('tutorial.filterButton')}
      </button>
      <ul aria-label={t('tutorial.messagesLabel')} className="space-y-2">
        {visible.map((sample) => (
          <li key={sample} className="rounded-lg border border-slate-200 p-3">
            <p className="text-xs text-slate-600">
              <span className="font-semibold text-slate-900">{t(`tutorial.samples.${sample}.sender`)}</span>
              {' · '}
              {t(`tutorial.samples.${sample}.place`)}
            </p>
            <p className="mt-1 text-slate-800">{t(`tutorial.samples.${sample}.text`)}</p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              {tagged.has(sample) && (
                <span className="rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-800">
                  {t('tutorial.tagName')}
                </span>
              )}
              {tasks.has(sample) && (
                <span role="status" className="text-xs font-semibold text-emerald-800">
                  {t('tutorial.taskCreated')}
                </span>
              )}
            </div>
            <div className="mt-2 flex flex-wrap gap-2">
              <button
                type="button"
                className={actionButton}
                aria-pressed={tagged.has(sample)}
                onClick={() => toggleTag(sample)}
              >
                <Tag aria-hidden="true" className="size-4" />
                {t(tagged.has(sample) ? 'tutorial.untagButton' : 'tutorial.tagButton')}
              </button>
              <button
                type="button"
                className={actionButton}
                disabled={tasks.has(sample)}
                onClick={() => {
                  setTasks(new Set(tasks).add(sample));
                  onDone('task');
                }}
              >
                <ListTodo aria-hidden="true" className="size-4" />
                {t('tutorial.taskButton')}
              </button>
              <button
                type="button"
                className={actionButton}
                onClick={() => {
                  setHidden(new Set(hidden).add(sample));
                  onDone('hide');
                }}
              >
                <EyeOff aria-hidden="true" className="size-4" />
                {t('tutorial.hideButton')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      {visible.length === 0 && (
        <p className="text-slate-600">{t(onlyTagged ? 'tutorial.noneTagged' : 'tutorial.allHidden')}</p>
      )}
    </div>
  );
}
