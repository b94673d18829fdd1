import { describe, expect, it } from 'vitest';
import { decodeSlackEntities, parseSlackMrkdwn, type SlackNode } from './slack-mrkdwn.ts';

const text = (value: string): SlackNode => ({ type: 'text', text: value });

describe('parseSlackMrkdwn', () => {
  it('keeps plain text with its line breaks', () => {
    expect(parseSlackMrkdwn('Hello\n\nworld')).toEqual([text('Hello\n\nworld')]);
    expect(parseSlackMrkdwn('')).toEqual([]);
  });

  it('reads user, channel, broadcast and user-group mentions', () => {
    expect(
      parseSlackMrkdwn(
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
    expect(parseSlackMrkdwn('Due <!date^1392734382^{date_short}|Feb 18, 2014>')).toEqual([
      text('Due Feb 18, 2014'),
    ]);
  });

  it('links http, https and mailto only, decoding entities in the address', () => {
    expect(
      parseSlackMrkdwn(
        '<https://example.com/a?b=1&amp;c=2|the doc> <http://x.test> <mailto:kim@example.com>',
      ),
    ).toEqual([
      { type: 'link', href: 'https://example.com/a?b=1&c=2', text: 'the doc' },
      text(' '),
      { type: 'link', href: 'http://x.test', text: 'http://x.test' },
      text(' '),
      { type: 'link', href: 'mailto:kim@example.com', text: 'kim@example.com' },
    ]);
  });

  it('turns links with any other scheme into plain text', () => {
    expect(
      parseSlackMrkdwn('<javascript:alert(1)|click> <javascript:alert(2)> <data:text/html,x|y>'),
    ).toEqual([text('click javascript:alert(2) y')]);
  });

  it('decodes entities after reading the tokens, once', () => {
    expect(parseSlackMrkdwn('a &lt;@U1&gt; b &amp;lt; &amp;amp;')).toEqual([text('a <@U1> b &lt; &amp;')]);
    expect(decodeSlackEntities('&lt;script&gt;')).toBe('<script>');
  });

  it('leaves HTML and stray angle brackets as text', () => {
    expect(parseSlackMrkdwn('<script>alert(1)</script> <img src=x onerror=alert(1)> < @U1 >')).toEqual([
      text('<script>alert(1)</script> <img src=x onerror=alert(1)> < @U1 >'),
    ]);
  });

  it('reads bold, italic and strike, nested and around tokens', () => {
    expect(parseSlackMrkdwn('*bold _both_* ~gone~ _<@U1|kim>_')).toEqual([
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
      expect(parseSlackMrkdwn(literal), literal).toEqual([text(literal)]);
    }
  });

  it('reads inline code without formatting inside it', () => {
    expect(parseSlackMrkdwn('run `npm *test* <https://x.test>` now')).toEqual([
      text('run '),
      { type: 'code', text: 'npm *test* https://x.test' },
      text(' now'),
    ]);
    expect(parseSlackMrkdwn('empty `` here')).toEqual([text('empty `` here')]);
    expect(parseSlackMrkdwn('`open')).toEqual([text('`open')]);
    expect(parseSlackMrkdwn('`not\nacross lines`')).toEqual([text('`not\nacross lines`')]);
  });

  it('reads fenced code blocks across lines, leaving what is inside alone', () => {
    expect(parseSlackMrkdwn('Before\n```\n*x* &lt;b&gt;\n&gt; not a quote\n```\nAfter')).toEqual([
      text('Before'),
      { type: 'code-block', text: '*x* <b>\n> not a quote' },
      text('After'),
    ]);
    expect(parseSlackMrkdwn('``` never closed')).toEqual([text('``` never closed')]);
  });

  it('quotes lines starting with > or &gt;, consecutive ones together', () => {
    expect(parseSlackMrkdwn('&gt; first *line*\n&gt;second\nreply\n> raw')).toEqual([
      {
        type: 'quote',
        children: [text('first '), { type: 'bold', children: [text('line')] }, text('\nsecond')],
      },
      text('reply'),
      { type: 'quote', children: [text('raw')] },
    ]);
  });

  it('quotes the rest of the message after >>>', () => {
    expect(parseSlackMrkdwn('Intro\n&gt;&gt;&gt; all\nof this')).toEqual([
      text('Intro'),
      { type: 'quote', children: [text('all\nof this')] },
    ]);
  });

  it('keeps object replacement characters typed in the text', () => {
    expect(parseSlackMrkdwn('a \uFFFC *b* <@U1>')).toEqual([
      text('a \uFFFC '),
      { type: 'bold', children: [text('b')] },
      text(' '),
      { type: 'mention', kind: 'user', text: '@U1', unlabelledUserId: 'U1' },
    ]);
  });

  it('parses 100 KB of hostile markup', () => {
    const body = '<<`*_~<@U1|x> ```&gt; &amp; *a _b ~c '.repeat(2800);
    expect(body.length).toBeGreaterThan(100_000);
    expect(parseSlackMrkdwn(body).length).toBeGreaterThan(0);
  });
});

describe('emoji short names', () => {
  it('turns standard short names into emoji, with skin tones, and leaves custom ones as text', () => {
    expect(parseSlackMrkdwn('Shipped :tada: :wave::skin-tone-3: :+1: :party-parrot: 10:30:45')).toEqual([
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
    expect(parseSlackMrkdwn('`:tada:` _done_ :white_check_mark:')).toEqual([
      { type: 'code', text: ':tada:' },
      { type: 'text', text: ' ' },
      { type: 'italic', children: [{ type: 'text', text: 'done' }] },
      { type: 'text', text: ' ' },
      { type: 'emoji', name: 'white_check_mark', text: '✅\uFE0F' },
    ]);
  });
});
