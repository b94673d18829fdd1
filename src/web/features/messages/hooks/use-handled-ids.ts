import { useMemo } from 'react';
import { messageIdOf } from '../../../../contract/classification.ts';
import { useHandled } from '../api/get-handled.ts';

/** The ids of the inbox messages the person answered, for `HandledContext`. */
export function useHandledIds(enabled: boolean): ReadonlySet<string> {
  const handled = useHandled(enabled);
  return useMemo(
    () => new Set((handled.data ?? []).map((mark) => messageIdOf(mark.platform, mark.platform_message_id))),
    [handled.data],
  );
}
