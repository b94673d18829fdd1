import { describe, expect, it, vi } from 'vitest';
import type { SlackSourceMessage, Tag } from '../../../contract/messages.ts';
import type { Rule, RuleActions, RuleConditions } from '../../../contract/rules.ts';
import { foldText } from '../../../contract/text-search.ts';
import { createFoldedTexts, overlayAnswer } from '../messages/answer-overlay.ts';
import { compileRules, outcomeFor, problemsOf, type KnownReferences } from './rule-engine.ts';

const urgent: Tag = { id: 'tag-urgent', name: 'Urgent', color: '#EF4444' };
const known: KnownReferences = { connectionIds: new Set(['conn-1']), tags: new Map([[urgent.id, urgent]]) };

function message(overrides: Partial<SlackSourceMessage> = {}): SlackSourceMessage {
  return {
    platform: 'slack',
    message_id: '1767000000.000001',
    ts: '1767000000.000001',
    platform_message_id: 'C0GENERAL-1767000000.000001',
    body: '来週の請求書をご確認ください',
    content: '来週の請求書をご確認ください',
    send_time: 1_767_000_000,
    formatted_time: '2025-12-29T09:20:00.000Z',
    account: { account_id: 'U0BOSS', name: 'Boss', avatar_image_url: null },
    conversation_info: {
      id: 'C0GENERAL',
      name: 'general',
      is_channel: true,
      is_group: false,
      is_im: false,
      is_mpim: false,
    },
    account_info: {
      account_name: 'Me',
      workspace_name: 'W',
      connection_id: 'conn-1',
      platform_user_id: 'U0ME',
    },
    mention_types: { is_direct_mention: true, is_reply: false, is_all_mention: false, is_dm: false },
    is_mention: true,
    is_dm: false,
    position_index: 1,
    original_url: 'https://example.slack.com/archives/C0GENERAL/p1',
    tags: [],
    ...overrides,
  };
}

let ruleCounter = 0;
function rule(
  conditions: RuleConditions,
  actions: Partial<RuleActions>,
): Pick<Rule, 'id' | 'conditions' | 'actions'> {
  ruleCounter += 1;
  return {
    id: `rule-${ruleCounter}`,
    conditions,
    actions: { tag_ids: [], important: false, mute: false, notify: null, ...actions },
  };
}

const decide = (rules: ReturnType<typeof rule>[], mode: 'first' | 'all', target = message()) =>
  outcomeFor(compileRules(rules, mode, known), target, () => foldText(target.content).text);

describe('rule engine', () => {
  it('needs every condition a rule sets, and any item of each list', () => {
    const important = { important: true };
    expect(
      decide([rule({ places: [{ platform: 'slack', id: 'C0GENERAL' }] }, important)], 'all'),
    ).not.toBeNull();
    expect(
      decide([rule({ places: [{ platform: 'chatwork', id: 'C0GENERAL' }] }, important)], 'all'),
    ).toBeNull();
    expect(
      decide(
        [rule({ senders: [{ platform: 'slack', id: 'U0BOSS' }], types: ['dm', 'mention'] }, important)],
        'all',
      ),
    ).not.toBeNull();
    expect(
      decide([rule({ senders: [{ platform: 'slack', id: 'U0BOSS' }], types: ['dm'] }, important)], 'all'),
    ).toBeNull();
    expect(decide([rule({ platforms: ['chatwork'] }, important)], 'all')).toBeNull();
    expect(decide([rule({ connection_ids: ['conn-1'] }, important)], 'all')).not.toBeNull();
  });

  it('finds words as search finds them: inside Japanese, in half-width katakana, Latin from a word start', () => {
    const mute = { mute: true };
    expect(decide([rule({ words: '請求書' }, mute)], 'all')?.muted).toBe(true);
    const katakana = message({ content: 'デザインレビューの件です' });
    expect(decide([rule({ words: 'ﾚﾋﾞｭｰ' }, mute)], 'all', katakana)?.muted).toBe(true);
    expect(decide([rule({ words: 'れびゅー デザイン' }, mute)], 'all', katakana)?.muted).toBe(true);
    const english = message({ content: 'The INVOICE for ｂｉｌｌｉｎｇ' });
    expect(decide([rule({ words: 'invoice billing' }, mute)], 'all', english)?.muted).toBe(true);
    expect(decide([rule({ words: 'voice' }, mute)], 'all', english)).toBeNull();
  });

  it('lets the first matching rule alone decide in first mode, and combines every match in all mode', () => {
    const rules = [
      rule({ words: 'ship' }, { important: true }),
      rule({ platforms: ['slack'] }, { notify: 'never', tag_ids: [urgent.id] }),
      rule({ platforms: ['slack'] }, { mute: true, notify: 'always' }),
    ];
    expect(decide(rules, 'first')).toEqual({ tags: [urgent], important: false, muted: false, notify: false });
    expect(decide(rules, 'all')).toEqual({ tags: [urgent], important: false, muted: true, notify: false });
    const shipIt = message({ content: 'ship it' });
    expect(decide(rules, 'first', shipIt)).toEqual({ tags: [], important: true, muted: false, notify: null });
  });

  it('skips a rule naming a deleted connection or tag and says why', () => {
    const gone = rule({ connection_ids: ['conn-gone'] }, { tag_ids: ['tag-gone'], mute: true });
    expect(problemsOf(gone, known)).toEqual(['connection_missing', 'tag_missing']);
    expect(compileRules([gone], 'all', known).rules).toEqual([]);
    expect(decide([gone, rule({ platforms: ['slack'] }, { important: true })], 'first')?.important).toBe(
      true,
    );
  });
});

describe('laying rules over an answer', () => {
  it('folds each message once while its text is the same, and only when a rule has words', () => {
    const folded = createFoldedTexts();
    const set = compileRules([rule({ words: '請求書' }, { mute: true })], 'all', known);
    const noWords = compileRules([rule({ platforms: ['slack'] }, { mute: true })], 'all', known);
    // Folding Japanese normalises each character: three a fold of 請求書.
    const normalize = vi.spyOn(String.prototype, 'normalize');
    const invoice = message({ content: '請求書' });
    for (let answer = 0; answer < 3; answer += 1) {
      expect(outcomeFor(set, invoice, () => folded.forResult('user:slack')(invoice))?.muted).toBe(true);
    }
    expect(normalize).toHaveBeenCalledTimes(3);
    outcomeFor(noWords, invoice, () => folded.forResult('user:chatwork')(invoice));
    expect(normalize).toHaveBeenCalledTimes(3);
    const edited = { ...invoice, content: '領収書' };
    expect(outcomeFor(set, edited, () => folded.forResult('user:slack')(edited))).toBeNull();
    expect(normalize).toHaveBeenCalledTimes(6);
    normalize.mockRestore();
  });

  it('sends a result out as cached when there are no tags and no rules', () => {
    const json = JSON.stringify({ messages: [message()] });
    expect(overlayAnswer(json, { tags: null, rules: null, folded: () => '' })).toBe(json);
  });
});
