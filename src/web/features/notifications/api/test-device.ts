import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '../../../lib/api-client.ts';
import { PUSH_DEVICES_QUERY_KEY } from './push-devices.ts';

const testAnswerSchema = z.object({ delivered: z.boolean() });

/** Sends a test notification; answers whether the push service took it. */
export async function testDevice(id: string): Promise<boolean> {
  const answer = await apiRequest(`/push/devices/${encodeURIComponent(id)}/test`, {
    method: 'POST',
    schema: testAnswerSchema,
  });
  return answer.delivered;
}

export function useTestDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: testDevice,
    // A device its push service forgot is removed by the server; the list shows it gone.
    onSettled: () => queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_QUERY_KEY }),
  });
}
