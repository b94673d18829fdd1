import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  pushDeviceSchema,
  type PushDevice,
  type PushSubscribeInput,
} from '../../../../contract/push-notifications.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { PUSH_DEVICES_QUERY_KEY } from './push-devices.ts';

export function subscribeDevice(input: PushSubscribeInput): Promise<PushDevice> {
  return apiRequest('/push/devices', { method: 'POST', body: input, schema: pushDeviceSchema });
}

export function useSubscribeDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: subscribeDevice,
    onSettled: () => queryClient.invalidateQueries({ queryKey: PUSH_DEVICES_QUERY_KEY }),
  });
}
