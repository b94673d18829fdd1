import { matchesTypeFilter } from '../../../contract/classification.ts';
import type { MessageTypeFilter, Platform, SourceMessage, Tag } from '../../../contract/messages.ts';
import {
  placeOf,
  senderOf,
  type Rule,
  type RuleMatchMode,
  type RuleOutcome,
  type RuleProblem,
  type RuleTarget,
} from '../../../contract/rules.ts';
import { containsAllTerms, searchTerms } from '../../../contract/text-search.ts';

/** A rule ready to test messages against: sets for its lists, its words folded, its tags resolved. */
export type CompiledRule = {
  id: string;
  platforms: ReadonlySet<Platform> | null;
  connectionIds: ReadonlySet<string> | null;
  places: ReadonlySet<string> | null;
  senders: ReadonlySet<string> | null;
  types: readonly MessageTypeFilter[] | null;
  terms: readonly string[] | null;
  tags: readonly Tag[];
  important: boolean;
  mute: boolean;
  notify: boolean | null;
};

export type RuleSet = {
  mode: RuleMatchMode;
  rules: readonly CompiledRule[];
  /** Whether some rule has words, so that messages' text has to be folded at all. */
  needsText: boolean;
};

/** What the rules may name that still exists: the person's connections and tags now. */
export type KnownReferences = {
  connectionIds: ReadonlySet<string>;
  tags: ReadonlyMap<string, Tag>;
};

type StoredRule = Pick<Rule, 'id' | 'conditions' | 'actions'>;

export const targetKey = (target: RuleTarget) => `${target.platform}:${target.id}`;

/** What keeps a rule from applying: a connection or tag it names that was deleted. */
export function problemsOf(
  rule: Pick<Rule, 'conditions' | 'actions'>,
  known: KnownReferences,
): RuleProblem[] {
  const problems: RuleProblem[] = [];
  if ((rule.conditions.connection_ids ?? []).some((id) => !known.connectionIds.has(id)))
    problems.push('connection_missing');
  if (rule.actions.tag_ids.some((id) => !known.tags.has(id))) problems.push('tag_missing');
  return problems;
}

const setOf = <T>(items: readonly T[] | undefined): ReadonlySet<T> | null =>
  items && items.length > 0 ? new Set(items) : null;

/** The rules that apply, in order; a rule naming a deleted connection or tag is skipped. */
export function compileRules(
  stored: readonly StoredRule[],
  mode: RuleMatchMode,
  known: KnownReferences,
): RuleSet {
  const compiled: CompiledRule[] = [];
  for (const rule of stored) {
    if (problemsOf(rule, known).length > 0) continue;
    const { conditions, actions } = rule;
    const terms = conditions.words ? searchTerms(conditions.words) : [];
    compiled.push({
      id: rule.id,
      platforms: setOf(conditions.platforms),
      connectionIds: setOf(conditions.connection_ids),
      places: setOf(conditions.places?.map(targetKey)),
      senders: setOf(conditions.senders?.map(targetKey)),
      types: conditions.types?.length ? conditions.types : null,
      terms: terms.length > 0 ? terms : null,
      tags: actions.tag_ids.map((id) => known.tags.get(id)!),
      important: actions.important,
      mute: actions.mute,
      notify: actions.notify === null ? null : actions.notify === 'always',
    });
  }
  return { mode, rules: compiled, needsText: compiled.some((rule) => rule.terms !== null) };
}

/** Whether the rule's conditions all hold for the message; `folded` is its text folded (`foldText`). */
export function ruleMatches(rule: CompiledRule, message: SourceMessage, folded: () => string): boolean {
  if (rule.platforms && !rule.platforms.has(message.platform)) return false;
  if (rule.connectionIds && !rule.connectionIds.has(message.account_info.connection_id)) return false;
  if (rule.places && !rule.places.has(targetKey(placeOf(message)))) return false;
  if (rule.senders && !rule.senders.has(targetKey(senderOf(message)))) return false;
  if (rule.types && !rule.types.some((type) => matchesTypeFilter(message.mention_types, type))) return false;
  if (rule.terms && !containsAllTerms(folded(), rule.terms)) return false;
  return true;
}

/**
 * What the rules decide for a message, or null when none matches. `first`: the first matching rule alone decides.
 * `all`: every matching rule adds its tags, any can mark important or mute, and the first that says whether to
 * notify decides that.
 */
export function outcomeFor(set: RuleSet, message: SourceMessage, folded: () => string): RuleOutcome | null {
  let outcome: RuleOutcome | null = null;
  for (const rule of set.rules) {
    if (!ruleMatches(rule, message, folded)) continue;
    outcome ??= { tags: [], important: false, muted: false, notify: null };
    for (const tag of rule.tags)
      if (!outcome.tags.some((known) => known.id === tag.id)) outcome.tags.push(tag);
    outcome.important ||= rule.important;
    outcome.muted ||= rule.mute;
    outcome.notify ??= rule.notify;
    if (set.mode === 'first') break;
  }
  return outcome;
}
