import { describe, expect, it } from 'vitest';
import { decodeSlackEntities, parseSlackMrkdwn, type SlackNode } from './slack-mrkdwn.ts';

/** Markup without emoji: the message carries none. */
const parse = (text: string) => parseSlackMrkdwn(text, undefined);

const text = (value: string): SlackNode => ({ type: 'text', text: value });

describe('parseSlackMrkdwn', () => {
  it('keeps plain text with its line breaks', () => {
    expect(parse('Hello\n\nworld')).toEqual([text('Hello\n\nworld')]);
    expect(parse('')).toEqual([]);
  });

  it('reads user, channel, broadcast and user-group mentions', () => {
    expect(
      parse(
        '<@U123|alice> <@W9> <#C1|general> <#C2> <!here> <!channel|channel> <!EVERYONE> ' +
          '<!subteam^S1|@designers> <!subteam^S2|ops> <!subteam^S3>',
      ),
    ).toEqual([
      { type: 'mention', kind: 'user', text: '@alice' },
      text(' '),
      { type: 'mention', kind: 'user', text: '@W9', unlabelledUserId: 'W9' },
      text(' '),
      { type: 'mention', kind: 'channel', text: '#general' },
      text(' '),
      { type: 'mention', kind: 'channel', text: '#C2' },
      text(' '),
      { type: 'mention', kind: 'broadcast', text: '@here' },
      text(' '),
      { type: 'mention', kind: 'broadcast', text: '@channel' },
      text(' '),
      { type: 'mention', kind: 'broadcast', text: '@everyone' },
      text(' '),
      { type: 'mention', kind: 'group', text: '@designers' },
      text(' '),
      { type: 'mention', kind: 'group', text: '@ops' },
      text(' '),
      { type: 'mention', kind: 'group', text: '@S3' },
    ]);
  });

  it('shows the fallback of a date token', () => {
    expect(parse('Due <!date^1392734382^{date_short}|Feb 18, 2014>')).toEqual([text('Due Feb 18, 2014')]);
  });

  it('links http, https and mailto only, decoding entities in the address', () => {
    expect(
      parse('<https://example.com/a?b=1&amp;c=2|the doc> <http://x.test> <mailto:kim@example.com>'),
    ).toEqual([
      { type: 'link', href: 'https://example.com/a?b=1&c=2', text: 'the doc' },
      text(' '),
      { type: 'link', href: 'http://x.test', text: 'http://x.test' },
      text(' '),
      { type: 'link', href: 'mailto:kim@example.com', text: 'kim@example.com' },
    ]);
  });

  it('turns links with any other scheme into plain text', () => {
    expect(parse('<javascript:alert(1)|click> <javascript:alert(2)> <data:text/html,x|y>')).toEqual([
      text('click javascript:alert(2) y'),
    ]);
  });

  it('decodes entities after reading the tokens, once', () => {
    expect(parse('a &lt;@U1&gt; b &amp;lt; &amp;amp;')).toEqual([text('a <@U1> b &lt; &amp;')]);
    expect(decodeSlackEntities('&lt;script&gt;')).toBe('<script>');
  });

  it('leaves HTML and stray angle brackets as text', () => {
    expect(parse('<script>alert(1)</script> <img src=x onerror=alert(1)> < @U1 >')).toEqual([
      text('<script>alert(1)</script> <img src=x onerror=alert(1)> < @U1 >'),
    ]);
  });

  it('reads bold, italic and strike, nested and around tokens', () => {
    expect(parse('*bold _both_* ~gone~ _<@U1|kim>_')).toEqual([
      {
        type: 'bold',
        children: [text('bold '), { type: 'italic', children: [text('both')] }],
      },
      text(' '),
      { type: 'strike', children: [text('gone')] },
      text(' '),
      { type: 'italic', children: [{ type: 'mention', kind: 'user', text: '@kim' }] },
    ]);
  });

  it('requires the markers to hug text and sit on word boundaries', () => {
    for (const literal of [
      'snake_case_name',
      '2 * 3 * 4',
      '* not bold*',
      '*not bold *',
      '*bold*text',
      '**',
      '*unclosed',
      'a*b*',
      '*across\nlines*',
      ':my_custom_emoji:',
    ]) {
      expect(parse(literal), literal).toEqual([text(literal)]);
    }
  });

  it('reads inline code without formatting inside it', () => {
    expect(parse('run `npm *test* <https://x.test>` now')).toEqual([
      text('run '),
      { type: 'code', text: 'npm *test* https://x.test' },
      text(' now'),
    ]);
    expect(parse('empty `` here')).toEqual([text('empty `` here')]);
    expect(parse('`open')).toEqual([text('`open')]);
    expect(parse('`not\nacross lines`')).toEqual([text('`not\nacross lines`')]);
  });

  it('reads fenced code blocks across lines, leaving what is inside alone', () => {
    expect(parse('Before\n```\n*x* &lt;b&gt;\n&gt; not a quote\n```\nAfter')).toEqual([
      text('Before'),
      { type: 'code-block', text: '*x* <b>\n> not a quote' },
      text('After'),
    ]);
    expect(parse('``` never closed')).toEqual([text('``` never closed')]);
  });

  it('quotes lines starting with > or &gt;, consecutive ones together', () => {
    expect(parse('&gt; first *line*\n&gt;second\nreply\n> raw')).toEqual([
      {
        type: 'quote',
        children: [text('first '), { type: 'bold', children: [text('line')] }, text('\nsecond')],
      },
      text('reply'),
      { type: 'quote', children: [text('raw')] },
    ]);
  });

  it('quotes the rest of the message after >>>', () => {
    expect(parse('Intro\n&gt;&gt;&gt; all\nof this')).toEqual([
      text('Intro'),
      { type: 'quote', children: [text('all\nof this')] },
    ]);
  });

  it('keeps object replacement characters typed in the text', () => {
    expect(parse('a \uFFFC *b* <@U1>')).toEqual([
      text('a \uFFFC '),
      { type: 'bold', children: [text('b')] },
      text(' '),
      { type: 'mention', kind: 'user', text: '@U1', unlabelledUserId: 'U1' },
    ]);
  });

  it('parses 100 KB of hostile markup', () => {
    const body = '<<`*_~<@U1|x> ```&gt; &amp; *a _b ~c '.repeat(2800);
    expect(body.length).toBeGreaterThan(100_000);
    expect(parse(body).length).toBeGreaterThan(0);
  });
});

describe('emoji short names', () => {
  /** What the server sends with a message that uses these short names. */
  const standardEmoji = [
    { name: 'tada', emoji: '🎉' },
    { name: 'wave', emoji: '👋' },
    { name: 'skin-tone-3', emoji: '🏼' },
    { name: '+1', emoji: '👍' },
    { name: 'white_check_mark', emoji: '✅\uFE0F' },
  ];

  it('draws the short names the message carries as emoji, with skin tones, and leaves others as text', () => {
    expect(
      parseSlackMrkdwn('Shipped :tada: :wave::skin-tone-3: :+1: :party-parrot: 10:30:45', standardEmoji),
    ).toEqual([
      { type: 'text', text: 'Shipped ' },
      { type: 'emoji', name: 'tada', text: '🎉' },
      { type: 'text', text: ' ' },
      { type: 'emoji', name: 'wave', text: '👋' },
      { type: 'emoji', name: 'skin-tone-3', text: '🏼' },
      { type: 'text', text: ' ' },
      { type: 'emoji', name: '+1', text: '👍' },
      { type: 'text', text: ' :party-parrot: 10:30:45' },
    ]);
  });

  it('keeps short names inside code as typed, and underscores in a name are not emphasis', () => {
    expect(parseSlackMrkdwn('`:tada:` _done_ :white_check_mark:', standardEmoji)).toEqual([
      { type: 'code', text: ':tada:' },
      { type: 'text', text: ' ' },
      { type: 'italic', children: [{ type: 'text', text: 'done' }] },
      { type: 'text', text: ' ' },
      { type: 'emoji', name: 'white_check_mark', text: '✅\uFE0F' },
    ]);
  });

  it('leaves every short name as text when the message carries no emoji', () => {
    expect(parseSlackMrkdwn('Shipped :tada: *now*', undefined)).toEqual([
      { type: 'text', text: 'Shipped :tada: ' },
      { type: 'bold', children: [{ type: 'text', text: 'now' }] },
    ]);
  });
});
