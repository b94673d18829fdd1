import type { SourceMessage } from '../../../contract/messages.ts';
import {
  ruleErrorCodes,
  ruleInputSchema,
  RULES_PER_USER_MAX,
  type QuietHours,
  type Rule,
  type RuleInput,
  type RuleOutcome,
  type RulesResponse,
  type RuleSettings,
} from '../../../contract/rules.ts';
import { HttpError } from '../../lib/http-error.ts';
import { compileRules, outcomeFor, problemsOf, type KnownReferences } from './rule-engine.ts';
import type { RulePreferencesRow, RuleRow, RulesRepo, RuleValues } from './rules.repo.ts';

export type RulesServiceDeps = {
  repo: RulesRepo;
  isDemo: (userId: string) => Promise<boolean>;
  /** The person's connections (every platform) and tags as they are now. */
  references: (userId: string) => Promise<KnownReferences>;
  /** After every change of rules or their mode: the next answer and live update apply them. */
  onChanged: (userId: string) => Promise<void>;
};

export type AppliedRules = {
  needsText: boolean;
  decide(message: SourceMessage, folded: () => string): RuleOutcome | null;
};

const DEFAULT_SETTINGS: RuleSettings = { match_mode: 'all', quiet_hours: null };

function toSettings(row: RulePreferencesRow | undefined): RuleSettings {
  if (!row) return DEFAULT_SETTINGS;
  const quiet: QuietHours | null =
    row.quietStart && row.quietEnd && row.quietTimeZone
      ? { start: row.quietStart, end: row.quietEnd, time_zone: row.quietTimeZone }
      : null;
  return { match_mode: row.matchMode, quiet_hours: quiet };
}

function toRule(row: RuleRow, known: KnownReferences): Rule {
  const rule = { conditions: row.conditions, actions: row.actions };
  return {
    id: row.id,
    name: row.name,
    ...rule,
    problems: problemsOf(rule, known),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const notFound = () => new HttpError(404, 'Rule not found', ruleErrorCodes.notFound);

/** Rules and their settings, all scoped to the signed-in person: another person's rule is a 404. */
export function createRulesService(deps: RulesServiceDeps) {
  const { repo } = deps;

  /** Demo accounts are shared by every visitor: one visitor's rules would mute another's inbox. */
  async function requireWritable(userId: string): Promise<void> {
    if (await deps.isDemo(userId))
      throw new HttpError(403, 'Rules cannot be changed on a demo account', ruleErrorCodes.demo);
  }

  /** The rule's values, its connections and tags checked to be the person's own (400 otherwise). */
  async function valuesOf(
    userId: string,
    input: RuleInput,
  ): Promise<{ values: RuleValues; known: KnownReferences }> {
    const rule = ruleInputSchema.parse(input);
    const known = await deps.references(userId);
    const problems = problemsOf(rule, known);
    if (problems.includes('connection_missing'))
      throw new HttpError(
        400,
        'conditions.connection_ids: not one of your connections',
        ruleErrorCodes.unknownConnection,
      );
    if (problems.includes('tag_missing'))
      throw new HttpError(400, 'actions.tag_ids: not one of your tags', ruleErrorCodes.unknownTag);
    const words = rule.conditions.words || undefined;
    const conditions = { ...rule.conditions, ...(words ? { words } : {}) };
    if (!words) delete conditions.words;
    return { values: { name: rule.name || null, conditions, actions: rule.actions }, known };
  }

  async function list(userId: string): Promise<RulesResponse> {
    const [rows, preferences, known] = await Promise.all([
      repo.list(userId),
      repo.preferences(userId),
      deps.references(userId),
    ]);
    return { rules: rows.map((row) => toRule(row, known)), settings: toSettings(preferences) };
  }

  return {
    list,

    async create(userId: string, input: RuleInput): Promise<Rule> {
      await requireWritable(userId);
      const { values, known } = await valuesOf(userId, input);
      const row = await repo.insert(userId, values, RULES_PER_USER_MAX);
      if (row === 'limit')
        throw new HttpError(403, `You can keep at most ${RULES_PER_USER_MAX} rules`, ruleErrorCodes.limit);
      await deps.onChanged(userId);
      return toRule(row, known);
    },

    async update(userId: string, ruleId: string, input: RuleInput): Promise<Rule> {
      await requireWritable(userId);
      const { values, known } = await valuesOf(userId, input);
      const row = await repo.update(userId, ruleId, values);
      if (!row) throw notFound();
      await deps.onChanged(userId);
      return toRule(row, known);
    },

    async remove(userId: string, ruleId: string): Promise<void> {
      await requireWritable(userId);
      if (!(await repo.remove(userId, ruleId))) throw notFound();
      await deps.onChanged(userId);
    },

    async reorder(userId: string, ids: readonly string[]): Promise<RulesResponse> {
      await requireWritable(userId);
      if (!(await repo.reorder(userId, ids)))
        throw new HttpError(400, 'ids: must name each of your rules once', ruleErrorCodes.badOrder);
      await deps.onChanged(userId);
      return list(userId);
    },

    async saveSettings(userId: string, settings: RuleSettings): Promise<RuleSettings> {
      await requireWritable(userId);
      const quiet = settings.quiet_hours;
      const row = await repo.savePreferences(userId, {
        matchMode: settings.match_mode,
        quiet: quiet
          ? { quietStart: quiet.start, quietEnd: quiet.end, quietTimeZone: quiet.time_zone }
          : null,
      });
      await deps.onChanged(userId);
      return toSettings(row);
    },

    /** The person's quiet hours, for notifications (decision 159); null when they set none. */
    async quietHours(userId: string): Promise<QuietHours | null> {
      return toSettings(await repo.preferences(userId)).quiet_hours;
    },

    /**
     * The rules that apply now, ready to decide what they do to a message, or null when none applies (nothing to
     * lay over the messages).
     */
    async messageRules(userId: string): Promise<AppliedRules | null> {
      const rows = await repo.list(userId);
      if (rows.length === 0) return null;
      const [preferences, known] = await Promise.all([repo.preferences(userId), deps.references(userId)]);
      const set = compileRules(rows, toSettings(preferences).match_mode, known);
      if (set.rules.length === 0) return null;
      return { needsText: set.needsText, decide: (message, folded) => outcomeFor(set, message, folded) };
    },
  };
}

export type RulesService = ReturnType<typeof createRulesService>;
