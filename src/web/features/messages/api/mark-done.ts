import { useMutation } from '@tanstack/react-query';
import { doneBatchResponseSchema, type DoneItem, type DoneMark } from '../../../../contract/triage.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** Marks the messages done until their thread moves, all or none; build each item with `doneItemOf`. */
export async function markDone(items: readonly DoneItem[]): Promise<DoneMark[]> {
  const response = await apiRequest('/done', {
    method: 'POST',
    body: { messages: items },
    schema: doneBatchResponseSchema,
  });
  return response.done_marks;
}

export const useMarkDone = () => useMutation({ mutationFn: markDone });
