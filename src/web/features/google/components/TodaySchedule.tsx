import { CalendarDays, ChevronDown, RefreshCw, Settings, Video } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CalendarEvent } from '../../../../contract/google.ts';
import { Alert } from '../../../components/ui/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { buttonClassName } from '../../../components/ui/button-class-name.ts';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { useNow } from '../../../lib/use-now.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { formatLongDate, formatTimeOfDay } from '../../../lib/intl-format.ts';
import { useCalendarStatus, useConnectCalendar, useEvents } from '../api/calendar.ts';
import { useCalendarReturnToast } from '../hooks/use-calendar-return-toast.ts';
import { eventState, eventTime, meetingKind, todayWindow, type EventState } from '../lib/schedule.ts';

const stateStyles: Record<EventState, string> = {
  current: 'border-emerald-300 bg-emerald-50',
  soon: 'border-amber-300 bg-amber-50',
  upcoming: 'border-slate-200 bg-white',
  ended: 'border-slate-200 bg-slate-50 text-slate-600',
  completed: 'border-slate-200 bg-slate-50 text-slate-600',
};

/** Sample events around now for demo accounts, which never reach Google. */
type SampleLabels = Record<'standup' | 'review' | 'customer' | 'planning' | 'room', string>;

function sampleEvents(now: number, labels: SampleLabels): CalendarEvent[] {
  const at = (minutes: number) => ({ dateTime: new Date(now + minutes * 60_000).toISOString() });
  return [
    { id: 's1', summary: labels.standup, start: at(-150), end: at(-135), meetingUrl: null },
    {
      id: 's2',
      summary: labels.review,
      start: at(-10),
      end: at(20),
      meetingUrl: 'https://meet.google.com/',
    },
    { id: 's3', summary: labels.customer, start: at(25), end: at(55), meetingUrl: 'https://zoom.us/' },
    {
      id: 's4',
      summary: labels.planning,
      start: at(180),
      end: at(240),
      location: labels.room,
      meetingUrl: 'https://teams.microsoft.com/',
    },
  ];
}

function EventRow({ event, now }: { event: CalendarEvent; now: number }) {
  const { t } = useTranslation('google');
  const [open, setOpen] = useState(false);
  const state = eventState(event, now);
  const time = (value: CalendarEvent['start']) =>
    value.dateTime ? formatTimeOfDay(eventTime(value), currentLanguage()) : t('allDay');
  const details = Boolean(event.description || event.location);
  return (
    <li className={`rounded-lg border p-3 text-sm ${stateStyles[state]}`} data-state={state}>
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <p className="text-xs font-medium text-slate-600">
            {time(event.start)}–{time(event.end)}
            {state !== 'upcoming' && state !== 'completed' && (
              <span className="ml-2 rounded-full bg-white/70 px-1.5 py-0.5 font-semibold">
                {t(`states.${state}`)}
              </span>
            )}
          </p>
          <p className="font-semibold break-words text-slate-900">{event.summary || t('untitled')}</p>
        </div>
        {event.meetingUrl && (
          <a
            href={event.meetingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex shrink-0 items-center gap-1 rounded-md bg-indigo-600 px-2 py-1 text-xs font-semibold text-white hover:bg-indigo-700"
            aria-label={t('joinLabel', {
              kind: t(`meeting.${meetingKind(event.meetingUrl)}`),
              title: event.summary,
            })}
          >
            <Video aria-hidden="true" className="size-3.5" />
            {t(`meeting.${meetingKind(event.meetingUrl)}`)}
          </a>
        )}
        {details && (
          <button
            type="button"
            className="shrink-0 rounded p-1 text-slate-600 hover:bg-slate-100"
            aria-expanded={open}
            aria-label={t('details', { title: event.summary })}
            onClick={() => setOpen(!open)}
          >
            <ChevronDown
              aria-hidden="true"
              className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
            />
          </button>
        )}
      </div>
      {open && (
        <div className="mt-2 space-y-1 text-xs text-slate-700">
          {event.location && <p>{t('location', { location: event.location })}</p>}
          {event.description && <p className="whitespace-pre-wrap">{event.description}</p>}
        </div>
      )}
    </li>
  );
}

function EventList({ events, now }: { events: CalendarEvent[]; now: number }) {
  const { t } = useTranslation('google');
  const completed = events.filter((event) => eventState(event, now) === 'completed');
  const rest = events.filter((event) => eventState(event, now) !== 'completed');
  if (events.length === 0) return <p className="text-sm text-slate-600">{t('empty')}</p>;
  return (
    <div className="space-y-2">
      <ul className="space-y-2" aria-label={t('listLabel')}>
        {rest.map((event) => (
          <EventRow key={event.id} event={event} now={now} />
        ))}
      </ul>
      {completed.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-600">
            {t('completed', { count: completed.length })}
          </summary>
          <ul className="mt-2 space-y-2">
            {completed.map((event) => (
              <EventRow key={event.id} event={event} now={now} />
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}

/** Today's schedule (SPEC §2, §4): Google Calendar's events of the local day, or how to connect it. */
export function TodaySchedule({ isDemo }: { isDemo: boolean }) {
  const { t } = useTranslation('google');
  useCalendarReturnToast();
  const now = useNow(60_000);
  const [window] = useState(() => todayWindow(Date.now()));
  const status = useCalendarStatus(!isDemo);
  const connected = status.data?.connected === true;
  const events = useEvents(window, connected && !isDemo);
  const connect = useConnectCalendar();
  // The card is on the page beside the inbox and, on a phone, in the header's sheet too: each copy has its own id.
  const headingId = useId();
  const date = formatLongDate(now, currentLanguage());

  let body;
  if (isDemo) {
    body = (
      <>
        <p className="rounded-md bg-indigo-50 p-2 text-xs text-indigo-900">{t('sampleNote')}</p>
        <EventList
          events={sampleEvents(now, {
            standup: t('sample.standup'),
            review: t('sample.review'),
            customer: t('sample.customer'),
            planning: t('sample.planning'),
            room: t('sample.room'),
          })}
          now={now}
        />
        <Link to="/register" className={`${buttonClassName({ size: 'sm' })} w-full`}>
          {t('startFree')}
        </Link>
      </>
    );
  } else if (status.isPending || (connected && events.isPending)) {
    body = <Spinner label={t('loading')} />;
  } else if (status.data?.configured === false) {
    body = (
      <>
        <Button size="sm" className="w-full" disabled>
          {t('connect')}
        </Button>
        <div className="flex gap-2 rounded-md bg-slate-50 p-2 text-xs text-slate-700">
          <Settings aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
          <p>
            <span className="font-semibold">{t('notConfigured')}</span> {t('notConfiguredHint')}
          </p>
        </div>
      </>
    );
  } else if (!connected) {
    body = (
      <>
        <p className="text-sm text-slate-700">
          {status.data?.reconnectRequired ? t('reconnectPrompt') : t('connectPrompt')}
        </p>
        <Button size="sm" className="w-full" disabled={connect.isPending} onClick={() => connect.mutate()}>
          {status.data?.reconnectRequired ? t('reconnect') : t('connect')}
        </Button>
        {connect.isError && <Alert>{t('connectFailed')}</Alert>}
      </>
    );
  } else if (events.isError) {
    body = <Alert>{t('fetchFailed')}</Alert>;
  } else {
    body = <EventList events={events.data?.items ?? []} now={now} />;
  }

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex items-center gap-2">
        <CalendarDays aria-hidden="true" className="size-5 text-indigo-600" />
        <div className="min-w-0 flex-1">
          <h2 id={headingId} className="font-semibold text-slate-900">
            {t('heading')}
          </h2>
          <p className="text-xs text-slate-600">{date}</p>
        </div>
        {connected && !isDemo && (
          <button
            type="button"
            className="rounded p-1 text-slate-600 hover:bg-slate-100"
            aria-label={t('refresh')}
            onClick={() => void events.refetch()}
          >
            <RefreshCw aria-hidden="true" className={`size-4 ${events.isFetching ? 'animate-spin' : ''}`} />
          </button>
        )}
      </div>
      {body}
    </section>
  );
}
