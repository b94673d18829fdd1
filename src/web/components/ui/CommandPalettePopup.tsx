import * as RadixDialog from '@radix-ui/react-dialog';
import { Search } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { matchesQuery } from '../../lib/command-search.ts';
import { ariaKeyShortcut } from '../../lib/shortcut-keys.ts';
import { KeyHint } from './KeyHint.tsx';
import type { CommandPaletteProps, PaletteCommand } from './CommandPalette.tsx';
import { ModalFrame } from './ModalFrame.tsx';

interface Section {
  key: 'recent' | 'all' | 'matches';
  commands: PaletteCommand[];
}

function sectionsFor(
  commands: readonly PaletteCommand[],
  recentIds: readonly string[],
  query: string,
): Section[] {
  const found = commands.filter((command) =>
    matchesQuery(query, [command.label, ...(command.keywords ?? [])]),
  );
  const byId = new Map(found.map((command) => [command.id, command]));
  const recent = recentIds.flatMap((id) => byId.get(id) ?? []);
  const rest = found.filter((command) => !recent.includes(command));
  if (query.trim()) return [{ key: 'matches', commands: [...recent, ...rest] }];
  return [
    { key: 'recent' as const, commands: recent },
    { key: 'all' as const, commands: rest },
  ].filter((section) => section.commands.length > 0);
}

/** The palette itself, once its code has come (see `CommandPalette`). */
export function CommandPalettePopup({ open, onClose, commands, recentIds, onRun }: CommandPaletteProps) {
  const { t } = useTranslation('ui');
  const inputRef = useRef<HTMLInputElement>(null);
  const chosen = useRef<string | null>(null);
  return (
    <ModalFrame
      open={open}
      onClose={onClose}
      described={false}
      initialFocusRef={inputRef}
      // The command runs after the palette has given focus back, so what it opens returns focus there in turn.
      onClosed={() => {
        const id = chosen.current;
        chosen.current = null;
        if (id !== null) onRun(id);
      }}
      className="fixed top-[12vh] left-1/2 z-40 flex max-h-[76dvh] w-[calc(100%-2rem)] max-w-xl -translate-x-1/2 flex-col rounded-xl bg-white shadow-xl focus:outline-none"
    >
      <RadixDialog.Title className="px-4 pt-4 pr-14 text-sm font-semibold text-slate-700">
        {t('palette.title')}
      </RadixDialog.Title>
      {open && (
        <PaletteBody
          inputRef={inputRef}
          commands={commands}
          recentIds={recentIds}
          onRun={(id) => {
            chosen.current = id;
            onClose();
          }}
        />
      )}
    </ModalFrame>
  );
}

function PaletteBody({
  inputRef,
  commands,
  recentIds,
  onRun,
}: Pick<CommandPaletteProps, 'commands' | 'recentIds' | 'onRun'> & {
  inputRef: RefObject<HTMLInputElement | null>;
}) {
  const { t } = useTranslation('ui');
  const listId = useId();
  const optionPrefix = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);
  const sections = useMemo(() => sectionsFor(commands, recentIds, query), [commands, recentIds, query]);
  const flat = sections.flatMap((section) => section.commands);
  const activeIndex = Math.min(active, flat.length - 1);
  const activeCommand = flat[activeIndex];
  const optionId = (index: number) => `${optionPrefix}-${index}`;

  useEffect(() => {
    if (activeIndex < 0) return;
    listRef.current?.querySelector(`[id="${CSS.escape(optionId(activeIndex))}"]`)?.scrollIntoView?.({
      block: 'nearest',
    });
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing || event.keyCode === 229) return;
    const last = flat.length - 1;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (last < 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((activeIndex + step + flat.length) % flat.length);
    } else if (event.key === 'Enter' && activeCommand) {
      event.preventDefault();
      onRun(activeCommand.id);
    }
  };

  const starts = sections.map((_, at) =>
    sections.slice(0, at).reduce((sum, section) => sum + section.commands.length, 0),
  );
  return (
    <>
      <div className="mx-4 mt-3 flex items-center gap-2 rounded-lg border border-slate-300 px-3 focus-within:border-indigo-500 focus-within:ring-2 focus-within:ring-indigo-200">
        <Search aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        <input
          ref={inputRef}
          type="text"
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeCommand ? optionId(activeIndex) : undefined}
          aria-label={t('palette.inputLabel')}
          placeholder={t('palette.placeholder')}
          autoComplete="off"
          spellCheck={false}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          className="min-w-0 flex-1 bg-transparent py-2.5 text-sm text-slate-900 outline-none placeholder:text-slate-500"
        />
      </div>
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={t('palette.listLabel')}
        className="mt-2 min-h-0 flex-1 overflow-y-auto px-2 pb-3"
      >
        {sections.map((section, sectionIndex) => (
          <div key={section.key} role="group" aria-label={t(`palette.sections.${section.key}`)}>
            <div aria-hidden="true" className="px-2 pt-2 pb-1 text-xs font-semibold text-slate-600">
              {t(`palette.sections.${section.key}`)}
            </div>
            {section.commands.map((command, commandIndex) => {
              const position = starts[sectionIndex]! + commandIndex;
              const selected = position === activeIndex;
              return (
                <div
                  key={command.id}
                  id={optionId(position)}
                  role="option"
                  aria-selected={selected}
                  aria-keyshortcuts={ariaKeyShortcut(command.keys)}
                  // The input keeps focus: the list is chosen from, never tabbed into.
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(position)}
                  onClick={() => onRun(command.id)}
                  className={`flex cursor-pointer items-center justify-between gap-3 rounded-md px-2 py-2 text-sm ${
                    selected ? 'bg-indigo-50 text-indigo-950' : 'text-slate-800'
                  }`}
                >
                  <span>{command.label}</span>
                  {command.keys && (
                    <span aria-hidden="true">
                      <KeyHint keys={command.keys} />
                    </span>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      {flat.length === 0 && (
        <p role="status" className="px-4 pb-4 text-sm text-slate-600">
          {t('palette.empty')}
        </p>
      )}
    </>
  );
}
