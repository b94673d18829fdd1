import { useMutation } from '@tanstack/react-query';
import type { MessageRef } from '../../../../contract/tags.ts';
import { triageRemoveResponseSchema } from '../../../../contract/triage.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Takes the done marks of these messages away; messages without one are skipped. */
export async function unmarkDone(messages: readonly MessageRef[]): Promise<number> {
  const response = await apiRequest('/done', {
    method: 'DELETE',
    body: { messages },
    schema: triageRemoveResponseSchema,
  });
  return response.removed;
}

export const useUnmarkDone = () => useMutation({ mutationFn: unmarkDone });
