import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { PUSH_QUERY_KEY } from './push-devices.ts';

export async function removeDevice(id: string): Promise<void> {
  await apiRequest(`/push/devices/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useRemoveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeDevice,
    // The devices, and this browser's own state when it was this device.
    onSettled: () => queryClient.invalidateQueries({ queryKey: PUSH_QUERY_KEY }),
  });
}
