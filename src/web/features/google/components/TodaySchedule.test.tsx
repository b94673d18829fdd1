import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { json, stubApi } from '../../../test/fake-api.ts';
import { renderRouter } from '../../../test/render-router.ts';
import { todayWindow } from '../lib/schedule.ts';
import { TodaySchedule } from './TodaySchedule.tsx';

const at = (minutes: number) => ({ dateTime: new Date(Date.now() + minutes * 60_000).toISOString() });

function render(isDemo = false) {
  renderRouter([{ path: '/', element: <TodaySchedule isDemo={isDemo} /> }], '/');
}

describe('TodaySchedule', () => {
  it('shows the events in their states, labels meeting links and folds the completed ones', async () => {
    stubApi({
      'GET /api/auth/google-calendar/status': () =>
        json(200, {
          configured: true,
          connected: true,
          reconnectRequired: false,
          scopes: { calendar: true, tasks: true },
        }),
      [`GET /api/google/calendar/events?${new URLSearchParams(todayWindow(Date.now()))}`]: () =>
        json(200, {
          items: [
            { id: '1', summary: 'Stand-up', start: at(-180), end: at(-165), meetingUrl: null },
            {
              id: '2',
              summary: 'Review',
              start: at(-10),
              end: at(20),
              meetingUrl: 'https://meet.google.com/x',
              description: 'Agenda',
            },
            { id: '3', summary: 'Call', start: at(20), end: at(50), meetingUrl: 'https://zoom.us/j/1' },
          ],
        }),
    });
    render();
    const list = await screen.findByRole('list', { name: "Today's events" });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.dataset.state),
    ).toEqual(['current', 'soon']);
    expect(within(list).getByRole('link', { name: 'Meet: join Review' })).toHaveAttribute(
      'href',
      'https://meet.google.com/x',
    );
    expect(within(list).getByRole('link', { name: 'Zoom: join Call' })).toBeInTheDocument();
    expect(screen.getByText('Completed (1)')).toBeInTheDocument();
    expect(screen.getByText('Stand-up')).not.toBeVisible();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Details of Review' }));
    expect(screen.getByText('Agenda')).toBeVisible();
  });

  it('offers to connect when Google Calendar is not connected, in Japanese', async () => {
    await changeLanguage('jp');
    stubApi({
      'GET /api/auth/google-calendar/status': () =>
        json(200, {
          configured: true,
          connected: false,
          reconnectRequired: false,
          scopes: { calendar: false, tasks: false },
        }),
    });
    render();
    expect(await screen.findByRole('button', { name: 'Google カレンダーを連携' })).toBeEnabled();
  });

  it.each([
    ['en', 'Connect Google Calendar', 'Google Calendar is not set up on this server yet.'],
    ['jp', 'Google カレンダーを連携', 'このサーバーでは Google カレンダーの設定がまだ完了していません。'],
  ] as const)(
    'on a server without Google settings, shows the connect button disabled with the reason (%s)',
    async (language, button, reason) => {
      await changeLanguage(language);
      stubApi({
        'GET /api/auth/google-calendar/status': () =>
          json(200, {
            configured: false,
            connected: false,
            reconnectRequired: false,
            scopes: { calendar: false, tasks: false },
          }),
      });
      render();
      expect(await screen.findByRole('button', { name: button })).toBeDisabled();
      expect(screen.getByText(reason)).toBeVisible();
    },
  );

  it('shows demo accounts sample events with the note and Start for Free', async () => {
    stubApi({});
    render(true);
    expect(await screen.findByText('These are sample events for the demo account.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start for Free' })).toHaveAttribute('href', '/register');
  });
});
