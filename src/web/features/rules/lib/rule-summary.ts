import type { TFunction } from 'i18next';
import type { Language } from '../../../../contract/auth.ts';
import { platformNames, type PlatformConnection, type Tag } from '../../../../contract/messages.ts';
import type { Rule, RuleTarget } from '../../../../contract/rules.ts';
import { tagName } from '../../../lib/tag-name.ts';

/** What the page knows to name a rule's ids with. */
export interface RuleNames {
  connections: readonly PlatformConnection[];
  tags: readonly Tag[];
  /** Channel, room and sender names by `platform:id`, from the messages on screen; an id shows where none is known. */
  targets: ReadonlyMap<string, string>;
  /** The channels and rooms, and the senders, of those messages, by name: what the editor offers to add. */
  places: readonly RuleTarget[];
  senders: readonly RuleTarget[];
}

export const targetKey = (target: RuleTarget) => `${target.platform}:${target.id}`;

export function targetName(target: RuleTarget, names: RuleNames): string {
  return names.targets.get(targetKey(target)) ?? target.id;
}

export function connectionName(connection: PlatformConnection): string {
  const account = connection.platform_user_name ?? connection.platform_user_id;
  const workspace = connection.platform_workspace_name;
  return `${platformNames[connection.platform]} · ${workspace ? `${workspace} · ` : ''}${account}`;
}

const list = (items: readonly string[], language: Language) =>
  new Intl.ListFormat(language === 'jp' ? 'ja' : 'en', { type: 'disjunction' }).format(items);

/** The rule's conditions and actions in words, e.g. "in general or random" and "mute". */
export function describeRule(
  rule: Pick<Rule, 'conditions' | 'actions'>,
  names: RuleNames,
  t: TFunction<'rules'>,
  tMessages: TFunction<'messages'>,
  language: Language,
): { conditions: string[]; actions: string[] } {
  const { conditions: c, actions: a } = rule;
  const conditions: string[] = [];
  const join = (items: readonly string[]) => list(items, language);
  if (c.platforms?.length)
    conditions.push(t('summary.platforms', { list: join(c.platforms.map((p) => platformNames[p])) }));
  if (c.connection_ids?.length) {
    const named = c.connection_ids.map((id) => {
      const connection = names.connections.find((candidate) => candidate.id === id);
      return connection ? connectionName(connection) : t('summary.removedConnection');
    });
    conditions.push(t('summary.connections', { list: join(named) }));
  }
  if (c.places?.length)
    conditions.push(t('summary.places', { list: join(c.places.map((p) => targetName(p, names))) }));
  if (c.senders?.length)
    conditions.push(t('summary.senders', { list: join(c.senders.map((s) => targetName(s, names))) }));
  if (c.types?.length)
    conditions.push(t('summary.types', { list: join(c.types.map((type) => tMessages(`types.${type}`))) }));
  if (c.words) conditions.push(t('summary.words', { words: c.words }));

  const actions: string[] = [];
  if (a.tag_ids.length) {
    const named = a.tag_ids.map((id) => {
      const tag = names.tags.find((candidate) => candidate.id === id);
      return tag ? tagName(tag, language) : t('summary.removedTag');
    });
    actions.push(t('summary.tags', { list: named.join(', ') }));
  }
  if (a.important) actions.push(t('summary.important'));
  if (a.mute) actions.push(t('summary.mute'));
  if (a.notify === 'always') actions.push(t('summary.notifyAlways'));
  if (a.notify === 'never') actions.push(t('summary.notifyNever'));
  return { conditions, actions };
}
