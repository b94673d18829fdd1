import { useTranslation } from 'react-i18next';
import { CommandPalette, type PaletteCommand } from '../../../components/ui/CommandPalette.tsx';
import { ShortcutHelp, type ShortcutHelpGroup } from '../../../components/ui/ShortcutHelp.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';
import { actionLabelIn } from './action-labels.ts';
import {
  actionGroups,
  declarationOf,
  isAvailable,
  labelVariant,
  messageActionIds,
  type ActionContext,
  type MessageActionId,
} from './message-actions.ts';
import type { Triage } from './use-triage.ts';

/** Commands the palette lists beside the registry's, such as one for each saved view, and how to run them. */
export interface MoreCommands {
  commands: readonly PaletteCommand[];
  run(id: string): void;
}

interface TriageOverlaysProps {
  triage: Triage;
  context: ActionContext;
  more?: MoreCommands;
}

/** The command palette (⌘K / Ctrl+K) and the "?" help, both drawn from the action registry. */
export function TriageOverlays({ triage, context, more }: TriageOverlaysProps) {
  const { t } = useTranslation('triage');
  const { overlay, setOverlay, run, recent } = triage;
  const language = currentLanguage();
  const other = language === 'en' ? 'jp' : 'en';

  const commands: PaletteCommand[] = messageActionIds
    .filter((id) => id !== 'palette' && isAvailable(id, context))
    .map((id) => {
      const variant = labelVariant(id, context);
      return {
        id,
        label: actionLabelIn(language, id, variant),
        // Found by either language's words, and by its plain label when it shows another.
        keywords: [actionLabelIn(other, id, variant), actionLabelIn(language, id), actionLabelIn(other, id)],
        keys: declarationOf(id).keys,
      };
    });
  const groups: ShortcutHelpGroup[] = actionGroups
    .map((group) => ({
      id: group,
      title: t(`groups.${group}`),
      items: messageActionIds.flatMap((id) => {
        const declaration = declarationOf(id);
        return declaration.keys && declaration.group === group
          ? [{ id, label: actionLabelIn(language, id), keys: declaration.keys }]
          : [];
      }),
    }))
    .filter((group) => group.items.length > 0);

  return (
    <>
      <CommandPalette
        open={overlay === 'palette'}
        onClose={() => setOverlay(null)}
        commands={more ? [...commands, ...more.commands] : commands}
        recentIds={recent}
        onRun={(id) =>
          more?.commands.some((command) => command.id === id) ? more.run(id) : run(id as MessageActionId)
        }
      />
      <ShortcutHelp open={overlay === 'help'} onClose={() => setOverlay(null)} groups={groups} />
    </>
  );
}
