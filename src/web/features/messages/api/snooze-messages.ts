import { useMutation } from '@tanstack/react-query';
import type { MessageRef } from '../../../../contract/tags.ts';
import { snoozeBatchResponseSchema, type Snooze } from '../../../../contract/triage.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Snoozes the messages until `until`, all or none; a message already snoozed (or done) gets the new time. */
export async function snoozeMessages(messages: readonly MessageRef[], until: string): Promise<Snooze[]> {
  const response = await apiRequest('/snoozes', {
    method: 'POST',
    body: { messages, until },
    schema: snoozeBatchResponseSchema,
  });
  return response.snoozes;
}

export const useSnoozeMessages = () =>
  useMutation({
    mutationFn: ({ messages, until }: { messages: readonly MessageRef[]; until: string }) =>
      snoozeMessages(messages, until),
  });
