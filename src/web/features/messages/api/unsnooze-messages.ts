import { useMutation } from '@tanstack/react-query';
import type { MessageRef } from '../../../../contract/tags.ts';
import { triageRemoveResponseSchema } from '../../../../contract/triage.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Takes the snoozes of these messages away; messages without one are skipped. */
export async function unsnoozeMessages(messages: readonly MessageRef[]): Promise<number> {
  const response = await apiRequest('/snoozes', {
    method: 'DELETE',
    body: { messages },
    schema: triageRemoveResponseSchema,
  });
  return response.removed;
}

export const useUnsnoozeMessages = () => useMutation({ mutationFn: unsnoozeMessages });
