import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { SnoozePicker } from './SnoozePicker.tsx';

interface SnoozeDialogProps {
  open: boolean;
  /** How many messages are snoozed: one, or the selection's. */
  count?: number;
  now: Date;
  timeZone: string;
  onSnooze(until: Date): void;
  /** Cancel, Escape, the close button or a click on the backdrop; the parent closes the dialog. */
  onCancel(): void;
}

/**
 * Snoozing a message or a selection (issue 23). It opens on the free-text field, so a time can be typed at once;
 * Escape closes it, and focus goes back to what opened it.
 */
export function SnoozeDialog({ open, count = 1, now, timeZone, onSnooze, onCancel }: SnoozeDialogProps) {
  const { t } = useTranslation('snooze');
  const phraseRef = useRef<HTMLInputElement>(null);
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={t('title', { count })}
      description={t('description')}
      initialFocusRef={phraseRef}
    >
      <SnoozePicker
        now={now}
        timeZone={timeZone}
        onSnooze={onSnooze}
        onCancel={onCancel}
        phraseRef={phraseRef}
      />
    </Dialog>
  );
}
