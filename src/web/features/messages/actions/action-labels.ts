import type { Language } from '../../../../contract/auth-constants.ts';
import en from '../../../locales/en/triage.json';
import jp from '../../../locales/jp/triage.json';
import type { LabelVariant, MessageActionId } from './message-actions.ts';

type ActionLabels = Record<MessageActionId, { label: string } & Partial<Record<LabelVariant, string>>>;

/**
 * Both languages' action labels, whichever is on screen: the command palette finds an action by either. Only
 * these small tables come along; the rest of the other language loads when the user switches.
 */
const labels: Record<Language, ActionLabels> = { en: en.actions, jp: jp.actions };

/** An action's label in `language`, in the variant asked for when it has one. */
export function actionLabelIn(
  language: Language,
  id: MessageActionId,
  variant: LabelVariant = 'label',
): string {
  const texts = labels[language][id];
  return texts[variant] ?? texts.label;
}
