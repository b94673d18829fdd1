import {
  AlarmClock,
  CheckCheck,
  CircleCheck,
  ExternalLink,
  FilterX,
  Reply,
  Search,
  Tag as TagIcon,
  Undo2,
  type LucideIcon,
} from 'lucide-react';
import type { MessageTypeFilter, UnifiedMessage } from '../../../../contract/messages.ts';
import type { KeySequence } from '../../../lib/shortcut-keys.ts';
import type { GuardedAction } from '../lib/action-restrictions.ts';

/**
 * What an action works on: the focused card; the selected messages, or the focused card when none is selected; or
 * the list as a whole.
 */
export type ActionTarget = 'focused' | 'selection' | 'list';

/** The help overlay's groups, in their order. */
export const actionGroups = ['move', 'message', 'selection', 'list', 'go', 'help'] as const;
export type ActionGroup = (typeof actionGroups)[number];

/** What decides whether an action can run now, and which of its labels it shows. */
export interface ActionContext {
  focused: boolean;
  selected: number;
  pageSelection: 'none' | 'some' | 'all';
  canUndo: boolean;
  filtersActive: boolean;
  activeTypes: readonly MessageTypeFilter[];
  hiddenCount: number;
  showingHidden: boolean;
}

/** Which label an action shows: its own, its selection form (`bulk`) or its "turn off" form (`off`). */
export type LabelVariant = 'label' | 'bulk' | 'off';

export interface ActionDeclaration {
  group: ActionGroup;
  target: ActionTarget;
  keys?: KeySequence;
  icon?: LucideIcon;
  /** The restriction of demo and test-mode accounts it falls under (SPEC §5). */
  guard?: GuardedAction;
  /** Whether it can run now, beyond what its target needs. */
  when?(context: ActionContext): boolean;
  /** The label to show now; the selection form for a selection, else its own. */
  variant?(context: ActionContext): LabelVariant;
}

const typeFilter = (type: MessageTypeFilter) =>
  ({
    group: 'list',
    target: 'list',
    variant: (context: ActionContext) => (context.activeTypes.includes(type) ? 'off' : 'label'),
  }) as const satisfies ActionDeclaration;

/**
 * Every action on messages, declared once: its labels are `triage:actions.<id>` in both languages. The card
 * buttons, the bulk bar, the shortcuts, the "?" help and the command palette all come from here. A new action is
 * one declaration here, its labels, and its handler, which `MessageActionHandlers` then requires.
 */
export const messageActions = {
  next: { group: 'move', target: 'list', keys: ['j'] },
  previous: { group: 'move', target: 'list', keys: ['k'] },
  select: { group: 'message', target: 'focused', keys: ['x'] },
  hide: { group: 'message', target: 'selection', keys: ['h'], icon: CheckCheck, guard: 'triage' },
  done: { group: 'message', target: 'selection', keys: ['e'], icon: CircleCheck, guard: 'triage' },
  snooze: { group: 'message', target: 'selection', keys: ['s'], icon: AlarmClock, guard: 'triage' },
  tag: { group: 'message', target: 'selection', keys: ['t'], icon: TagIcon, guard: 'tag' },
  reply: { group: 'message', target: 'focused', keys: ['r'], icon: Reply, guard: 'reply' },
  openOriginal: { group: 'message', target: 'focused', keys: ['o'], icon: ExternalLink, guard: 'view-post' },
  selectPage: {
    group: 'selection',
    target: 'list',
    variant: (context) => (context.pageSelection === 'all' ? 'off' : 'label'),
  },
  clearSelection: {
    group: 'selection',
    target: 'list',
    keys: ['Escape'],
    when: (context) => context.selected > 0,
  },
  undo: {
    group: 'list',
    target: 'list',
    keys: ['u'],
    icon: Undo2,
    guard: 'triage',
    when: (context) => context.canUndo,
  },
  filterMention: typeFilter('mention'),
  filterDm: typeFilter('dm'),
  filterReply: typeFilter('reply'),
  filterAllMention: typeFilter('all-mention'),
  clearFilters: { group: 'list', target: 'list', icon: FilterX, when: (context) => context.filtersActive },
  toggleHidden: {
    group: 'list',
    target: 'list',
    when: (context) => context.hiddenCount > 0 || context.showingHidden,
    variant: (context) => (context.showingHidden ? 'off' : 'label'),
  },
  refresh: { group: 'list', target: 'list', guard: 'refresh' },
  search: { group: 'list', target: 'list', keys: ['/'], icon: Search },
  goInbox: { group: 'go', target: 'list', keys: ['g', 'i'] },
  goTags: { group: 'go', target: 'list', keys: ['g', 't'] },
  goSnoozed: { group: 'go', target: 'list', keys: ['g', 's'] },
  goAwaiting: { group: 'go', target: 'list', keys: ['g', 'a'] },
  views: { group: 'go', target: 'list', keys: ['g', 'v'] },
  goImportant: { group: 'go', target: 'list', keys: ['g', 'p'] },
  goMuted: { group: 'go', target: 'list', keys: ['g', 'm'] },
  goRules: { group: 'go', target: 'list' },
  help: { group: 'help', target: 'list', keys: ['?'] },
  palette: { group: 'help', target: 'list', keys: ['mod+k'] },
} as const satisfies Record<string, ActionDeclaration>;

export type MessageActionId = keyof typeof messageActions;

type HandlerFor<Target extends ActionTarget> = Target extends 'focused'
  ? (message: UnifiedMessage) => void
  : Target extends 'selection'
    ? (messages: readonly UnifiedMessage[], fromSelection: boolean) => void
    : () => void;

/** One handler for every declared action, typed by its target: leaving one out is a type error. */
export type MessageActionHandlers = {
  [Id in MessageActionId]: HandlerFor<(typeof messageActions)[Id]['target']>;
};

export const messageActionIds = Object.keys(messageActions) as MessageActionId[];

export function declarationOf(id: MessageActionId): ActionDeclaration {
  return messageActions[id];
}

/** Whether `id` can run now: its target is there (a focused card, a selection) and its own condition holds. */
export function isAvailable(id: MessageActionId, context: ActionContext): boolean {
  const declaration = declarationOf(id);
  if (declaration.target === 'focused' && !context.focused) return false;
  if (declaration.target === 'selection' && !context.focused && context.selected === 0) return false;
  return declaration.when?.(context) ?? true;
}

export function labelVariant(id: MessageActionId, context: ActionContext): LabelVariant {
  const declaration = declarationOf(id);
  if (declaration.variant) return declaration.variant(context);
  return declaration.target === 'selection' && context.selected > 0 ? 'bulk' : 'label';
}

/** The actions that apply to a selection: each has an icon and a `bulk` label, the bulk bar's buttons. */
export type SelectionActionId = {
  [Id in MessageActionId]: (typeof messageActions)[Id]['target'] extends 'selection' ? Id : never;
}[MessageActionId];

export const selectionActionIds = messageActionIds.filter(
  (id): id is SelectionActionId => messageActions[id].target === 'selection',
);
