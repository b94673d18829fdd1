import { z } from 'zod/mini';
import { messageTypeFilterSchema, platformSchema, type SourceMessage, type Tag } from './messages.ts';
import { inputText } from './text.ts';

/**
 * Rules and noise controls (issue 24, decision 156): ordered IF/THEN rules of one person, across every account,
 * stored as ids and the person's own words only. All the conditions a rule sets must hold (each list: any of its
 * items); its actions add tags, mark important, mute, or decide whether the message notifies.
 */

/** Rules a person may keep. */
export const RULES_PER_USER_MAX = 100;
/** Characters of a rule's words (matched as search matches them, `text-search.ts`). */
export const RULE_WORDS_MAX = 200;
/** Characters of a rule's own name. */
export const RULE_NAME_MAX = 80;
/** Items in one condition list (connections, channels or rooms, senders). */
export const RULE_LIST_MAX = 50;
/** Tags one rule adds. */
export const RULE_TAGS_MAX = 10;

export const ruleErrorCodes = {
  notFound: 'RULE_NOT_FOUND',
  limit: 'RULE_LIMIT',
  unknownConnection: 'UNKNOWN_CONNECTION',
  unknownTag: 'UNKNOWN_TAG',
  badOrder: 'RULE_ORDER_MISMATCH',
  demo: 'DEMO_RESTRICTED',
} as const;

const idText = inputText().check(z.trim(), z.minLength(1), z.maxLength(200));

/** A channel, room or sender, by its platform's id (Slack channel or user id, ChatWork room or account id). */
export const ruleTargetSchema = z.strictObject({ platform: platformSchema, id: idText });
export type RuleTarget = z.infer<typeof ruleTargetSchema>;

const listOf = <T extends z.ZodMiniType>(item: T) =>
  z.optional(z.array(item).check(z.maxLength(RULE_LIST_MAX, `must hold at most ${RULE_LIST_MAX} items`)));

export const ruleConditionsSchema = z.strictObject({
  platforms: z.optional(z.array(platformSchema).check(z.maxLength(2))),
  connection_ids: listOf(idText),
  /** Slack channels (or DMs) and ChatWork rooms. */
  places: listOf(ruleTargetSchema),
  senders: listOf(ruleTargetSchema),
  types: z.optional(z.array(messageTypeFilterSchema).check(z.maxLength(4))),
  /** Every word must be found, as search finds it (width, kana and case folded). */
  words: z.optional(inputText().check(z.trim(), z.maxLength(RULE_WORDS_MAX))),
});
export type RuleConditions = z.infer<typeof ruleConditionsSchema>;

export const notifyChoices = ['always', 'never'] as const;

export const ruleActionsSchema = z.strictObject({
  tag_ids: z._default(
    z.array(idText).check(z.maxLength(RULE_TAGS_MAX, `must hold at most ${RULE_TAGS_MAX} tags`)),
    [],
  ),
  important: z._default(z.boolean(), false),
  mute: z._default(z.boolean(), false),
  /** `always` or `never` notify; null leaves it to the other rules and the defaults. */
  notify: z._default(z.nullable(z.enum(notifyChoices)), null),
});
export type RuleActions = z.infer<typeof ruleActionsSchema>;

export function hasCondition(conditions: RuleConditions): boolean {
  return (
    Boolean(conditions.words?.length) ||
    [
      conditions.platforms,
      conditions.connection_ids,
      conditions.places,
      conditions.senders,
      conditions.types,
    ].some((list) => (list?.length ?? 0) > 0)
  );
}

export function hasAction(actions: RuleActions): boolean {
  return actions.tag_ids.length > 0 || actions.important || actions.mute || actions.notify !== null;
}

export const ruleInputSchema = z
  .strictObject({
    name: z.optional(inputText().check(z.trim(), z.maxLength(RULE_NAME_MAX))),
    conditions: ruleConditionsSchema,
    actions: ruleActionsSchema,
  })
  .check(
    z.refine((rule) => hasCondition(rule.conditions), {
      message: 'a rule needs at least one condition',
      path: ['conditions'],
    }),
    z.refine((rule) => hasAction(rule.actions), {
      message: 'a rule needs at least one action',
      path: ['actions'],
    }),
  );
export type RuleInput = z.input<typeof ruleInputSchema>;

/** What keeps a rule from applying: a connection or tag it names was deleted. */
export const ruleProblems = ['connection_missing', 'tag_missing'] as const;
export type RuleProblem = (typeof ruleProblems)[number];

export const ruleSchema = z.object({
  id: z.string(),
  name: z.nullable(z.string()),
  conditions: ruleConditionsSchema,
  actions: ruleActionsSchema,
  /** Empty when the rule applies; otherwise it is skipped until edited. */
  problems: z.array(z.enum(ruleProblems)),
  created_at: z.iso.datetime({ offset: true }),
  updated_at: z.iso.datetime({ offset: true }),
});
export type Rule = z.infer<typeof ruleSchema>;

export const ruleMatchModes = ['first', 'all'] as const;
export type RuleMatchMode = (typeof ruleMatchModes)[number];

const clockTime = inputText().check(z.regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:MM (24-hour)'));

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Quiet hours: from `start` to `end` in `time_zone` every day; they may cross midnight (22:00–07:00). */
export const quietHoursSchema = z
  .strictObject({
    start: clockTime,
    end: clockTime,
    time_zone: inputText().check(
      z.maxLength(64),
      z.refine(isTimeZone, 'must be an IANA time zone, e.g. Asia/Tokyo'),
    ),
  })
  .check(
    z.refine((hours) => hours.start !== hours.end, { message: 'start and end must differ', path: ['end'] }),
  );
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const ruleSettingsSchema = z.strictObject({
  match_mode: z.enum(ruleMatchModes),
  quiet_hours: z.nullable(quietHoursSchema),
});
export type RuleSettings = z.infer<typeof ruleSettingsSchema>;

export const rulesResponseSchema = z.object({ rules: z.array(ruleSchema), settings: ruleSettingsSchema });
export type RulesResponse = z.infer<typeof rulesResponseSchema>;

/** The rules' new order: every id of the person's rules once. */
export const ruleOrderSchema = z.strictObject({
  ids: z.array(z.uuid()).check(z.maxLength(RULES_PER_USER_MAX)),
});

export const ruleIdParamsSchema = z.object({ ruleId: z.uuid() });

/** What rules decided for a message, as the message answers carry it (absent: no rule touched it). */
export function ruleMarksOf(message: SourceMessage): { important: boolean; muted: boolean } {
  return { important: message.important === true, muted: message.muted === true };
}

/** The channel or room of a message, and its sender, as rules name them. */
export function placeOf(message: SourceMessage): RuleTarget {
  return {
    platform: message.platform,
    id: message.platform === 'slack' ? message.conversation_info.id : String(message.room_info.room_id),
  };
}
export function senderOf(message: SourceMessage): RuleTarget {
  return { platform: message.platform, id: String(message.account.account_id) };
}

/** What the rules decided for one message: tags to lay beside its own, and its marks. */
export type RuleOutcome = { tags: Tag[]; important: boolean; muted: boolean; notify: boolean | null };

/** The message with the rules' outcome laid over it: their tags beside its own, and the marks. */
export function withOutcome<M extends SourceMessage>(message: M, outcome: RuleOutcome | null): M {
  if (!outcome) return message;
  const tags = [...message.tags];
  for (const tag of outcome.tags) if (!tags.some((known) => known.id === tag.id)) tags.push(tag);
  return { ...message, tags, important: outcome.important, muted: outcome.muted, notify: outcome.notify };
}

/** The common rules a message's menu makes in one step. */
export const quickRuleKinds = ['mute-place', 'important-sender'] as const;
export type QuickRuleKind = (typeof quickRuleKinds)[number];

/** "Mute this channel or room" or "always important from this person", for the message's place or sender. */
export function quickRuleOf(kind: QuickRuleKind, message: SourceMessage): RuleInput {
  return kind === 'mute-place'
    ? { conditions: { places: [placeOf(message)] }, actions: { mute: true } }
    : { conditions: { senders: [senderOf(message)] }, actions: { important: true } };
}
