import { ArrowDown, ArrowUp, GripVertical, Pencil, Trash2, TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Rule } from '../../../../contract/rules.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { describeRule, type RuleNames } from '../lib/rule-summary.ts';

interface RuleListProps {
  rules: readonly Rule[];
  names: RuleNames;
  readOnly: boolean;
  /** Puts the rule at `from` at `to`. */
  onMove(from: number, to: number): void;
  onEdit(rule: Rule): void;
  onDelete(rule: Rule): void;
}

const iconButton =
  'inline-flex items-center justify-center rounded-md p-1.5 text-slate-700 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40';

/** The rules in order, reordered by dragging or with each rule's up and down buttons (keyboard). */
export function RuleList({ rules, names, readOnly, onMove, onEdit, onDelete }: RuleListProps) {
  const { t } = useTranslation('rules');
  const { t: tMessages } = useTranslation('messages');
  const language = currentLanguage();
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const listRef = useRef<HTMLOListElement>(null);
  const nameOf = (rule: Rule, index: number) => rule.name ?? t('list.untitled', { position: index + 1 });

  /** The rule moved with its button, whose same button (or the other, at an end) takes focus once it has moved. */
  const focusAfterMove = useRef<{ id: string; button: 'up' | 'down' } | null>(null);
  useEffect(() => {
    const wanted = focusAfterMove.current;
    if (!wanted) return;
    const index = rules.findIndex((rule) => rule.id === wanted.id);
    const atEnd = wanted.button === 'up' ? index === 0 : index === rules.length - 1;
    const button = atEnd ? (wanted.button === 'up' ? 'down' : 'up') : wanted.button;
    // Once: a later change of the rules (a refetch) must not take focus from wherever the person went.
    focusAfterMove.current = null;
    listRef.current
      ?.querySelector<HTMLButtonElement>(
        `li[data-rule-id="${CSS.escape(wanted.id)}"] [data-move="${button}"]`,
      )
      ?.focus();
  }, [rules]);

  const moveWithKeyboard = (index: number, by: -1 | 1, button: 'up' | 'down') => {
    const to = index + by;
    if (to < 0 || to >= rules.length) return;
    focusAfterMove.current = { id: rules[index]!.id, button };
    onMove(index, to);
    setAnnouncement(
      t('list.moved', { name: nameOf(rules[index]!, index), position: to + 1, count: rules.length }),
    );
  };

  const drop = (event: DragEvent, index: number) => {
    event.preventDefault();
    if (dragging !== null && dragging !== index) onMove(dragging, index);
    setDragging(null);
    setOver(null);
  };

  return (
    <>
      <ol ref={listRef} aria-labelledby="rules-heading" className="space-y-2">
        {rules.map((rule, index) => {
          const name = nameOf(rule, index);
          const summary = describeRule(rule, names, t, tMessages, language);
          return (
            <li
              key={rule.id}
              draggable={!readOnly}
              onDragStart={(event) => {
                focusAfterMove.current = null;
                event.dataTransfer.effectAllowed = 'move';
                setDragging(index);
              }}
              onDragOver={(event) => {
                if (dragging === null) return;
                event.preventDefault();
                setOver(index);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
              onDrop={(event) => drop(event, index)}
              data-rule-id={rule.id}
              className={`flex items-start gap-2 rounded-lg border bg-white p-3 ${
                over === index && dragging !== index ? 'border-indigo-500' : 'border-slate-200'
              } ${dragging === index ? 'opacity-60' : ''}`}
            >
              {!readOnly && (
                <GripVertical
                  aria-hidden="true"
                  className="mt-1 size-4 shrink-0 cursor-grab text-slate-500"
                />
              )}
              <div className="min-w-0 flex-1 space-y-1">
                <p className="font-medium text-slate-900">
                  <span className="mr-2 text-sm text-slate-600 tabular-nums">{index + 1}.</span>
                  {name}
                </p>
                <p className="text-sm text-slate-700">
                  <span className="font-medium">{t('list.if')}</span>{' '}
                  {summary.conditions.join(' · ') || t('list.anyMessage')}
                </p>
                <p className="text-sm text-slate-700">
                  <span className="font-medium">{t('list.then')}</span> {summary.actions.join(' · ')}
                </p>
                {rule.problems.length > 0 && (
                  <p className="flex items-start gap-1.5 text-sm text-amber-800">
                    <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    <span>
                      {t('list.skipped')}{' '}
                      {rule.problems.map((problem) => t(`list.problems.${problem}`)).join(' ')}
                    </span>
                  </p>
                )}
              </div>
              {!readOnly && (
                <div className="flex shrink-0 items-center gap-0.5">
                  <button
                    type="button"
                    data-move="up"
                    className={iconButton}
                    aria-label={t('list.moveUp', { name })}
                    disabled={index === 0}
                    onClick={() => moveWithKeyboard(index, -1, 'up')}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    data-move="down"
                    className={iconButton}
                    aria-label={t('list.moveDown', { name })}
                    disabled={index === rules.length - 1}
                    onClick={() => moveWithKeyboard(index, 1, 'down')}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={t('list.edit', { name })}
                    onClick={() => onEdit(rule)}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                  </button>
                  <button
                    type="button"
                    className={iconButton}
                    aria-label={t('list.delete', { name })}
                    onClick={() => onDelete(rule)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </button>
                </div>
              )}
            </li>
          );
        })}
      </ol>
      <p role="status" className="sr-only">
        {announcement}
      </p>
    </>
  );
}
