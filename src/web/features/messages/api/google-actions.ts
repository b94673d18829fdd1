import { useMutation, useQueryClient } from '@tanstack/react-query';
import { connectResponseSchema } from '../../../../contract/connections.ts';
import {
  calendarEventSchema,
  googleTaskSchema,
  type CreateEventBody,
  type CreateTaskBody,
} from '../../../../contract/google.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** A key per opened form: sending the same form twice creates one event or task (decision 102). */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['google', 'create-event'],
    mutationFn: ({ body, key }: { body: CreateEventBody; key: string }) =>
      apiRequest('/google/calendar/events', {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
        schema: calendarEventSchema,
      }),
    // Today's schedule shows the new event.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['google', 'calendar', 'events'] }),
  });
}

export function useCreateTask() {
  return useMutation({
    mutationKey: ['google', 'create-task'],
    mutationFn: ({ body, key }: { body: CreateTaskBody; key: string }) =>
      apiRequest('/google/tasks', {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': key },
        schema: googleTaskSchema,
      }),
  });
}

/** Re-authorisation after a missing permission (SPEC §8): back to Google's consent page. */
export async function reauthoriseGoogle(): Promise<void> {
  const { authUrl } = await apiRequest('/auth/google-calendar/connect', {
    method: 'POST',
    schema: connectResponseSchema,
  });
  window.location.assign(authUrl);
}
