import { render, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import source from './MessageText.tsx?raw';
import { MessageText } from './MessageText.tsx';

const renderChatwork = (text: string) => render(<MessageText platform="chatwork" text={text} />);
const renderSlack = (text: string) => render(<MessageText platform="slack" text={text} />);

/** The card's own date format (SPEC §9: month, day and time). */
const quoteTime = (language: 'en' | 'ja', unixSeconds: number) =>
  new Intl.DateTimeFormat(language, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(unixSeconds * 1000));

describe('MessageText with ChatWork notation', () => {
  it('shows To, Re and TO ALL badges before the text that follows them', () => {
    const { container } = renderChatwork(
      '[To:123]Sato Kenji さん\n[rp aid=1 to=2-3]Tanaka さん\n[toall]Please check',
    );
    expect(container).toHaveTextContent(/To\s*Sato Kenji さん/);
    expect(screen.getByText('Reply to')).toHaveClass('sr-only');
    expect(screen.getByText('TO ALL')).toBeInTheDocument();
    expect(container).toHaveTextContent('Please check');
    expect(container).not.toHaveTextContent('[To:123]');
  });

  it('shows the badges in Japanese', async () => {
    await changeLanguage('jp');
    renderChatwork('[To:123]佐藤さん\n[rp aid=1 to=2-3]田中さん\n[toall]確認お願いします');
    expect(screen.getByText('宛先')).toBeInTheDocument();
    expect(screen.getByText('返信先')).toHaveClass('sr-only');
    expect(screen.getByText('全員宛て')).toBeInTheDocument();
  });

  it('shows a quote as a blockquote with its time in the interface language', async () => {
    const body = '[qt][qtmeta aid=5 time=1700000000]Old message[qt]Nested[/qt][/qt]Reply';
    const { container, unmount } = renderChatwork(body);
    const quotes = container.querySelectorAll('blockquote');
    expect(quotes).toHaveLength(2);
    expect(quotes[0]).toHaveTextContent('Old message');
    expect(within(quotes[0] as HTMLElement).getAllByText('Quote')).toHaveLength(2);
    expect(quotes[0]?.querySelector('time')).toHaveTextContent(quoteTime('en', 1700000000));
    expect(quotes[0]?.querySelector('time')).toHaveAttribute('datetime', '2023-11-14T22:13:20.000Z');
    expect(quotes[1]?.querySelector('time')).toBeNull();
    unmount();

    await changeLanguage('jp');
    const japanese = renderChatwork(body).container;
    expect(within(japanese.querySelector('blockquote') as HTMLElement).getAllByText('引用')).toHaveLength(2);
    expect(japanese.querySelector('time')).toHaveTextContent(quoteTime('ja', 1700000000));
  });

  it('shows info panels with their title, rules and code blocks', () => {
    const { container } = renderChatwork(
      '[info][title]Release[/title]Tomorrow[/info][info]Plain note[/info][hr][code]<b>x</b> [To:1][/code]',
    );
    expect(screen.getByText('Release')).toHaveClass('font-semibold');
    expect(container).toHaveTextContent('Tomorrow');
    expect(screen.getByText('Info')).toHaveClass('sr-only');
    expect(container.querySelector('hr')).not.toBeNull();
    const code = screen.getByRole('figure', { name: 'Code' });
    expect(code).toHaveTextContent('<b>x</b> [To:1]');
    expect(code.querySelector('b')).toBeNull();
  });

  it('shows people, files, previews and uploaded-file posts', async () => {
    const body =
      '[picon:123][piconname:456][pname:789] [download:5]spec (2 KB).pdf[/download] [download:6] [preview id=7 ht=80]\n' +
      '[info][title][dtext:file_uploaded][/title]x[/info]';
    const { container, unmount } = renderChatwork(body);
    expect(screen.getByRole('img', { name: 'User 123' })).toBeInTheDocument();
    expect(screen.getByText('User 456')).toBeInTheDocument();
    expect(screen.getByText('User 789')).toBeInTheDocument();
    expect(screen.getByText('spec (2 KB).pdf').parentElement).toHaveTextContent('File spec (2 KB).pdf');
    expect(screen.getAllByText('File')).toHaveLength(2);
    expect(screen.getByText('Preview')).toBeInTheDocument();
    expect(container).toHaveTextContent('Uploaded a file');
    unmount();

    await changeLanguage('jp');
    renderChatwork(body);
    expect(screen.getByRole('img', { name: 'ユーザー 123' })).toBeInTheDocument();
    expect(screen.getAllByText('ファイル')).toHaveLength(2);
    expect(screen.getByText('プレビュー')).toBeInTheDocument();
    expect(screen.getByText('ファイルをアップロードしました')).toBeInTheDocument();
  });

  it('keeps line breaks and leaves unknown or unbalanced tags as visible text', () => {
    const { container } = renderChatwork('line one\nline two [task]x[/task] [qt]open [/info] alone');
    const root = container.firstElementChild as HTMLElement;
    expect(root).toHaveClass('whitespace-pre-wrap');
    expect(root.textContent).toBe('line one\nline two [task]x[/task] [qt]open [/info] alone');
    expect(container.querySelector('blockquote')).toBeNull();
  });

  it('nests blocks inside panel titles without invalid markup warnings', () => {
    const error = vi.spyOn(console, 'error');
    const { container } = renderChatwork('[info][title][code]x[/code][qt]y[/qt][/title]z[/info]');
    expect(container.querySelector('figure')).toHaveTextContent('x');
    expect(container.querySelector('blockquote')).toHaveTextContent('y');
    expect(error).not.toHaveBeenCalled();
  });

  it('renders hostile HTML as inert text', () => {
    const body = '<script>alert(1)</script><img src=x onerror=alert(1)> [code]<b>x</b>[/code]';
    const { container } = renderChatwork(body);
    expect(container.querySelector('script, img, b')).toBeNull();
    expect(container).toHaveTextContent('<script>alert(1)</script><img src=x onerror=alert(1)>');
  });
});

describe('MessageText with Slack mrkdwn', () => {
  it('shows mentions as chips', () => {
    renderSlack(
      '<@U123|alice> <@U9> <#C1|general> <!here> <!subteam^S1|@designers> <!date^1^{date}|tomorrow>',
    );
    for (const chip of ['@alice', '@U9', '#general', '@here', '@designers']) {
      expect(screen.getByText(chip)).toHaveClass('rounded');
    }
    expect(screen.getByText(/tomorrow/)).toBeInTheDocument();
  });

  it('links http(s) and mailto addresses into a new tab, announcing it', async () => {
    const { unmount } = renderSlack(
      '<https://example.com/?a=1&amp;b=2|the doc> and <mailto:kim@example.com>',
    );
    const link = screen.getByRole('link', { name: /^the doc\s*\(opens in a new tab\)$/ });
    expect(link).toHaveAttribute('href', 'https://example.com/?a=1&b=2');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('link', { name: /kim@example\.com/ })).toHaveAttribute(
      'href',
      'mailto:kim@example.com',
    );
    unmount();

    await changeLanguage('jp');
    renderSlack('<https://example.com|資料>');
    expect(screen.getByRole('link', { name: /^資料\s*（新しいタブで開きます）$/ })).toBeInTheDocument();
  });

  it('never links other schemes', () => {
    const { container } = renderSlack(
      '<javascript:alert(1)|click> <javascript:alert(2)> <data:text/html,x|y>',
    );
    expect(container.querySelector('a')).toBeNull();
    expect(container).toHaveTextContent('click javascript:alert(2) y');
  });

  it('formats bold, italic, strike and code, but nothing inside code', () => {
    const { container } = renderSlack('*bold* _italic_ ~strike~ `*not bold*`\n```\n_raw_ &lt;b&gt;\n```');
    expect(container.querySelector('strong')).toHaveTextContent('bold');
    expect(container.querySelector('em')).toHaveTextContent('italic');
    expect(container.querySelector('s')).toHaveTextContent('strike');
    expect(container.querySelector('code')).toHaveTextContent('*not bold*');
    expect(container.querySelectorAll('strong')).toHaveLength(1);
    expect(screen.getByRole('figure', { name: 'Code' })).toHaveTextContent('_raw_ <b>');
    expect(container.querySelectorAll('em')).toHaveLength(1);
  });

  it('shows quoted lines as a blockquote', () => {
    const { container } = renderSlack('&gt; quoted\n&gt; lines\nanswer');
    expect(container.querySelector('blockquote')?.textContent).toBe('quoted\nlines');
    expect(container).toHaveTextContent('answer');
  });

  it('draws the standard short names the message carries as emoji, named on hover; others stay as typed', () => {
    const { container } = render(
      <MessageText
        platform="slack"
        text="Shipped :tada: :party-parrot: `:tada:`"
        standardEmoji={[{ name: 'tada', emoji: '🎉' }]}
      />,
    );
    expect(container).toHaveTextContent('Shipped 🎉 :party-parrot: :tada:');
    expect(screen.getByTitle(':tada:')).toHaveTextContent(/^🎉$/);
  });

  it('renders hostile input as inert text and unclosed markers literally', () => {
    const { container } = renderSlack('<script>alert(1)</script> &lt;img src=x onerror=alert(1)&gt; *bold');
    expect(container.querySelector('script, img, strong')).toBeNull();
    expect(container).toHaveTextContent('<script>alert(1)</script> <img src=x onerror=alert(1)> *bold');
  });
});

describe('MessageText placeholder', () => {
  it.each([
    ['chatwork', '[To:123]Sato Kenji さん'],
    ['chatwork', '[rp aid=1 to=2-3]Tanaka さん\n'],
    ['chatwork', '[toall]'],
    ['slack', '<@U123>'],
    ['slack', '<!here> <@U1|kim> さん'],
  ] as const)('stands in for the %s body %j', (platform, text) => {
    render(<MessageText platform={platform} text={text} />);
    expect(screen.getByText('[Mention/Reply only message]')).toBeInTheDocument();
  });

  it('reads naturally in Japanese', async () => {
    await changeLanguage('jp');
    renderChatwork('[To:123]佐藤さん');
    expect(screen.getByText('[メンション・返信のみのメッセージ]')).toBeInTheDocument();
  });

  it('does not stand in for a body with content after the mention line', () => {
    renderChatwork('[To:123]Sato Kenji さん\nPlease review');
    expect(screen.queryByText('[Mention/Reply only message]')).toBeNull();
    expect(screen.getByText(/Please review/)).toBeInTheDocument();
  });
});

describe('MessageText robustness', () => {
  it('renders a 100 KB body', () => {
    const body = 'Lorem ipsum [qt]dolor[/qt] *sit* <@U1> amet\n'.repeat(2400);
    expect(body.length).toBeGreaterThan(100_000);
    const chatwork = renderChatwork(body).container;
    expect(chatwork.textContent).toContain('Lorem ipsum');
    expect(chatwork.querySelectorAll('blockquote')).toHaveLength(2400);
    const slack = renderSlack(body).container;
    expect(slack.querySelectorAll('strong')).toHaveLength(2400);
  });

  it('renders a thousand nested quotes without giving up the text', () => {
    const { container } = renderChatwork(`${'[qt]'.repeat(1000)}deepest${'[/qt]'.repeat(1000)}`);
    expect(container).toHaveTextContent('deepest');
    expect(container.querySelectorAll('blockquote').length).toBeLessThan(10);
  });

  it('never hands HTML to the DOM', () => {
    expect(source).not.toContain('dangerouslySetInnerHTML');
    expect(source).not.toContain('innerHTML');
  });
});
