import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { stubApi } from '../../../test/fake-api.ts';
import { chatworkMessage } from '../../../test/message-fixtures.ts';
import { renderCard } from '../test/render-card.ts';

const copy = {
  en: {
    more: 'More actions for the message from Aiko Tanaka',
    addEvent: /^Add calendar event/,
    addTask: /^Add Google task/,
    eventDialog: 'Add to Google Calendar',
    taskDialog: 'Add a Google Task',
    addEventButton: 'Add event',
    location: 'Location (optional)',
    created: '✅ Event added to Google Calendar',
  },
  jp: {
    more: 'Aiko Tanakaさんのメッセージのその他の操作',
    addEvent: /^カレンダーに予定を追加/,
    addTask: /^Google タスクに追加/,
    eventDialog: 'Google カレンダーに追加',
    taskDialog: 'Google タスクに追加',
    addEventButton: '予定を追加',
    location: '場所（任意）',
    created: '✅ Google カレンダーに予定を追加しました',
  },
} as const;

describe.each(['en', 'jp'] as const)('message card (%s)', (language) => {
  const text = copy[language];
  beforeEach(() => changeLanguage(language));

  it.each([
    ['addEvent', 'eventDialog'],
    ['addTask', 'taskDialog'],
  ] as const)('opens the %s dialog with the message as the default title', async (item, dialog) => {
    stubApi({});
    renderCard(chatworkMessage('1'));

    await userEvent.click(screen.getByRole('button', { name: text.more }));
    await userEvent.click(await screen.findByRole('menuitem', { name: text[item] }));

    expect(await screen.findByRole('dialog', { name: text[dialog] })).toBeVisible();
  });

  it('creates the event with an idempotency key and says so', async () => {
    const fetchMock = stubApi({
      'POST /api/google/calendar/events': () =>
        new Response(JSON.stringify({ id: 'e1', summary: 'x', start: {}, end: {}, meetingUrl: null }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    renderCard(chatworkMessage('1'));
    await userEvent.click(screen.getByRole('button', { name: text.more }));
    await userEvent.click(await screen.findByRole('menuitem', { name: text.addEvent }));
    await userEvent.click(await screen.findByRole('button', { name: text.addEventButton }));

    expect(await screen.findByText(text.created)).toBeVisible();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/google/calendar/events')!;
    expect(new Headers(init?.headers).get('idempotency-key')).toMatch(/^[0-9a-f-]{36}$/);
    const body = JSON.parse(String(init?.body)) as { start: { dateTime: string }; end: { dateTime: string } };
    expect(body.start.dateTime).toMatch(/T\d{2}:(00|15|30|45)$/);
  });

  it('sends the place typed into the labelled location field with the event', async () => {
    const fetchMock = stubApi({
      'POST /api/google/calendar/events': () =>
        new Response(JSON.stringify({ id: 'e1', summary: 'x', start: {}, end: {}, meetingUrl: null }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    renderCard(chatworkMessage('1'));
    await userEvent.click(screen.getByRole('button', { name: text.more }));
    await userEvent.click(await screen.findByRole('menuitem', { name: text.addEvent }));
    await userEvent.type(await screen.findByRole('textbox', { name: text.location }), '  Room 4, Tokyo ');
    await userEvent.click(screen.getByRole('button', { name: text.addEventButton }));

    expect(await screen.findByText(text.created)).toBeVisible();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/google/calendar/events')!;
    expect(JSON.parse(String(init?.body))).toMatchObject({ location: 'Room 4, Tokyo' });
  });

  it('sends no location when none was typed', async () => {
    const fetchMock = stubApi({
      'POST /api/google/calendar/events': () =>
        new Response(JSON.stringify({ id: 'e1', summary: 'x', start: {}, end: {}, meetingUrl: null }), {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        }),
    });
    renderCard(chatworkMessage('1'));
    await userEvent.click(screen.getByRole('button', { name: text.more }));
    await userEvent.click(await screen.findByRole('menuitem', { name: text.addEvent }));
    await userEvent.click(await screen.findByRole('button', { name: text.addEventButton }));

    expect(await screen.findByText(text.created)).toBeVisible();
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/google/calendar/events')!;
    expect(JSON.parse(String(init?.body))).not.toHaveProperty('location');
  });

  it.each(['{Enter}', '{ArrowDown}'])(
    'opens the menu from the keyboard with %s and gives focus back to its button on Escape',
    async (key) => {
      stubApi({});
      renderCard(chatworkMessage('1'));
      const more = screen.getByRole('button', { name: text.more });

      more.focus();
      await userEvent.keyboard(key);
      const menu = await screen.findByRole('menu');
      expect(menu).toContainElement(document.activeElement as HTMLElement);
      await userEvent.keyboard('{ArrowDown}');
      expect(screen.getByRole('menuitem', { name: text.addEvent })).toHaveFocus();

      await userEvent.keyboard('{Escape}');
      expect(screen.queryByRole('menu')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: text.more })).toHaveFocus();
    },
  );

  it('tells a demo user the restriction rather than opening the dialog', async () => {
    stubApi({});
    const allowed = vi.fn(() => false);
    renderCard(chatworkMessage('1'), { allowed });

    await userEvent.click(screen.getByRole('button', { name: text.more }));
    await userEvent.click(await screen.findByRole('menuitem', { name: text.addTask }));

    expect(allowed).toHaveBeenCalledWith('task');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('ChatWork content on a card', () => {
  it.each([
    ['en', '93.9 KB'],
    ['jp', '93.9 KB'],
  ] as const)(
    'shows an uploaded file once, sized as ChatWork sizes it, alike in both languages (%s)',
    async (language, size) => {
      await changeLanguage(language);
      stubApi({});
      renderCard(
        chatworkMessage('2', {
          body: '[info][title][dtext:file_uploaded][/title][download:5501]report.pdf (93.87 KB)[/download][/info]',
          content:
            '[info][title][dtext:file_uploaded][/title][download:5501]report.pdf (93.87 KB)[/download][/info]',
          file: { file_id: 5501, filename: 'report.pdf', filesize: 96_123, upload_time: 1_767_225_600 },
        }),
      );

      expect(screen.getAllByText('report.pdf')).toHaveLength(1);
      expect(screen.getByText(size)).toBeVisible();
      expect(screen.queryByText(/93\.87 KB/)).not.toBeInTheDocument();
    },
  );

  it.each([
    ['en', 'Uploaded a file'],
    ['jp', 'ファイルをアップロードしました'],
  ] as const)('shows no box that only announces the attached file (%s)', async (language, announcement) => {
    await changeLanguage(language);
    stubApi({});
    const body =
      '[info][title][dtext:file_uploaded][/title][download:5501]report.pdf (93.87 KB)[/download][/info]';
    renderCard(
      chatworkMessage('2', {
        body,
        content: body,
        file: { file_id: 5501, filename: 'report.pdf', filesize: 96_123, upload_time: 1_767_225_600 },
      }),
    );

    expect(screen.getByText('report.pdf')).toBeVisible();
    expect(screen.queryByText(announcement)).not.toBeInTheDocument();
  });

  it.each(['en', 'jp'] as const)('writes a quoted time as the card writes its own (%s)', async (language) => {
    await changeLanguage(language);
    stubApi({});
    const body = '[qt][qtmeta aid=2002 time=1767225600]Earlier[/qt]Agreed';
    // Eight days on, the card writes its time as a date.
    renderCard(chatworkMessage('4', { body, content: body, send_time: 1_767_225_600 }), {
      now: (1_767_225_600 + 8 * 24 * 60 * 60) * 1000,
    });

    const [cardTime, quoteTime] = document.querySelectorAll('time');
    expect(quoteTime?.closest('blockquote')).not.toBeNull();
    expect(quoteTime?.textContent).toBe(cardTime?.textContent);
  });

  it('names a person in [piconname] and [picon] when the card knows them', () => {
    stubApi({});
    renderCard(
      chatworkMessage('3', {
        body: '[piconname:2002] and [picon:1001] will review. [picon:3003] too.',
        content: '[piconname:2002] and [picon:1001] will review. [picon:3003] too.',
      }),
    );

    const text = screen.getByText(/will review/).closest('div')!;
    expect(text).toHaveTextContent('Aiko Tanaka and Kenji will review.');
    expect(screen.getByRole('img', { name: 'User 3003' })).toBeInTheDocument();
  });

  it('draws the standard emoji a Slack message carries, naming each on hover; a custom one stays text', () => {
    stubApi({});
    renderCard({
      ...chatworkMessage('5'),
      platform: 'slack',
      content: 'Shipped :tada: :party-parrot:',
      standard_emoji: [{ name: 'tada', emoji: '🎉' }],
      location: { type: 'channel', name: 'general', id: 'C1' },
    });

    expect(screen.getByTitle(':tada:')).toHaveTextContent(/^🎉$/);
    expect(screen.getByText(/^Shipped/).closest('div')).toHaveTextContent('Shipped 🎉 :party-parrot:');
  });
});
