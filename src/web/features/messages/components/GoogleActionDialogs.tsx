import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EVENT_DURATIONS_MINUTES,
  EVENT_START_MINUTES,
  GOOGLE_TITLE_MAX_LENGTH,
} from '../../../../contract/google.ts';
import type { UnifiedMessage } from '../../../../contract/messages.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { TextField } from '../../../components/ui/TextField.tsx';
import { useToast } from '../../../components/ui/use-toast.ts';
import { ApiError } from '../../../lib/api-client.ts';
import {
  newIdempotencyKey,
  reauthoriseGoogle,
  useCreateEvent,
  useCreateTask,
} from '../api/google-actions.ts';
import {
  defaultEventTitle,
  defaultStart,
  defaultTaskTitle,
  localDate,
  sourceNotes,
} from '../lib/google-defaults.ts';

const selectClassName = 'mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm';
const labelClassName = 'block text-sm font-medium text-slate-800';
const pad = (value: number) => String(value).padStart(2, '0');

/** The toast for a failed Google call; a missing permission starts re-authorisation (SPEC §8). */
function useGoogleFailure() {
  const { t } = useTranslation('google');
  const { showToast } = useToast();
  return (error: unknown, fallback: string) => {
    if (error instanceof ApiError && error.code === 'INSUFFICIENT_SCOPE') {
      showToast(t('actions.reauthorising'), 'info', 5000);
      void reauthoriseGoogle();
      return;
    }
    const known =
      error instanceof ApiError && error.statusCode > 0 && error.statusCode < 500 ? error.message : null;
    showToast(`❌ ${known ?? fallback}`, 'error', 5000);
  };
}

/** What both dialogs do after Google answers: a success toast and close, or the failure's toast. */
function useOutcome(onClose: () => void) {
  const { showToast } = useToast();
  const fail = useGoogleFailure();
  return (success: string, failure: string) => ({
    onSuccess: () => {
      showToast(success, 'success', 3000);
      onClose();
    },
    onError: (error: unknown) => fail(error, failure),
  });
}

/** The dialog around either form: its title, Cancel, and the submit button that says when it is saving. */
function GoogleFormDialog({
  formId,
  title,
  submitLabel,
  saving,
  ready,
  onClose,
  onSubmit,
  children,
}: {
  formId: string;
  title: string;
  submitLabel: string;
  saving: boolean;
  ready: boolean;
  onClose: () => void;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation('google');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button type="submit" form={formId} disabled={saving || !ready}>
            {saving ? t('actions.saving') : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} className="space-y-4 py-1">
        {children}
      </form>
    </Dialog>
  );
}

/** SPEC §5: add a Google Calendar event from a message, with its defaults and the allowed steps. */
export function AddEventDialog({ message, onClose }: { message: UnifiedMessage; onClose: () => void }) {
  const { t } = useTranslation('google');
  const outcome = useOutcome(onClose);
  const create = useCreateEvent();
  const [start] = useState(() => defaultStart(new Date()));
  const [key] = useState(newIdempotencyKey);
  const [title, setTitle] = useState(() => defaultEventTitle(message));
  const [date, setDate] = useState(() => localDate(start));
  const [hour, setHour] = useState(start.getHours());
  const [minute, setMinute] = useState(start.getMinutes());
  const [duration, setDuration] = useState(60);
  const [description, setDescription] = useState(() =>
    sourceNotes(message, { from: t('actions.from'), link: t('actions.original') }),
  );
  const [location, setLocation] = useState('');

  const submit = () => {
    const [year, month, day] = date.split('-').map(Number);
    const begins = new Date(year!, month! - 1, day!, hour, minute);
    const ends = new Date(begins.getTime() + duration * 60_000);
    const wallClock = (value: Date) =>
      `${localDate(value)}T${pad(value.getHours())}:${pad(value.getMinutes())}`;
    const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    create.mutate(
      {
        key,
        body: {
          summary: title.trim(),
          description,
          ...(location.trim() ? { location: location.trim() } : {}),
          start: { dateTime: wallClock(begins), timeZone },
          end: { dateTime: wallClock(ends), timeZone },
        },
      },
      outcome(t('actions.eventCreated'), t('actions.eventFailed')),
    );
  };

  return (
    <GoogleFormDialog
      formId="add-event-form"
      title={t('actions.addEventTitle')}
      submitLabel={t('actions.addEvent')}
      saving={create.isPending}
      ready={Boolean(title.trim() && date)}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField
        label={t('actions.title')}
        required
        maxLength={1024}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <TextField
        label={t('actions.date')}
        type="date"
        required
        value={date}
        onChange={(e) => setDate(e.target.value)}
      />
      <div className="grid grid-cols-3 gap-3">
        <label className={labelClassName}>
          {t('actions.hour')}
          <select className={selectClassName} value={hour} onChange={(e) => setHour(Number(e.target.value))}>
            {Array.from({ length: 24 }, (_, value) => (
              <option key={value} value={value}>
                {pad(value)}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClassName}>
          {t('actions.minute')}
          <select
            className={selectClassName}
            value={minute}
            onChange={(e) => setMinute(Number(e.target.value))}
          >
            {EVENT_START_MINUTES.map((value) => (
              <option key={value} value={value}>
                {pad(value)}
              </option>
            ))}
          </select>
        </label>
        <label className={labelClassName}>
          {t('actions.duration')}
          <select
            className={selectClassName}
            value={duration}
            onChange={(e) => setDuration(Number(e.target.value))}
          >
            {EVENT_DURATIONS_MINUTES.map((value) => (
              <option key={value} value={value}>
                {t('actions.minutes', { count: value })}
              </option>
            ))}
          </select>
        </label>
      </div>
      <label className={labelClassName}>
        {t('actions.description')}
        <textarea
          className={`${selectClassName} h-28`}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
      </label>
      <TextField
        label={t('actions.location')}
        maxLength={GOOGLE_TITLE_MAX_LENGTH}
        autoComplete="off"
        value={location}
        onChange={(e) => setLocation(e.target.value)}
      />
    </GoogleFormDialog>
  );
}

/** Creates a Google Task from a message: its title cut at 100 characters, notes with the source, optional due date. */
export function AddTaskDialog({ message, onClose }: { message: UnifiedMessage; onClose: () => void }) {
  const { t } = useTranslation('google');
  const outcome = useOutcome(onClose);
  const create = useCreateTask();
  const [key] = useState(newIdempotencyKey);
  const [title, setTitle] = useState(() => defaultTaskTitle(message));
  const [due, setDue] = useState('');

  const submit = () => {
    create.mutate(
      {
        key,
        body: {
          title: title.trim(),
          notes: sourceNotes(message, { from: t('actions.from'), link: t('actions.original') }),
          ...(due ? { due } : {}),
        },
      },
      outcome(t('actions.taskCreated'), t('actions.taskFailed')),
    );
  };

  return (
    <GoogleFormDialog
      formId="add-task-form"
      title={t('actions.addTaskTitle')}
      submitLabel={t('actions.addTask')}
      saving={create.isPending}
      ready={Boolean(title.trim())}
      onClose={onClose}
      onSubmit={submit}
    >
      <TextField
        label={t('actions.title')}
        required
        maxLength={1024}
        value={title}
        onChange={(e) => setTitle(e.target.value)}
      />
      <TextField label={t('actions.due')} type="date" value={due} onChange={(e) => setDue(e.target.value)} />
    </GoogleFormDialog>
  );
}
