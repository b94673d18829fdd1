import { useMutation, useQuery } from '@tanstack/react-query';
import { connectResponseSchema } from '../../../../contract/connections.ts';
import { calendarEventsResponseSchema, googleCalendarStatusSchema } from '../../../../contract/google.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export const calendarStatusKey = ['google', 'calendar', 'status'] as const;

export function useCalendarStatus(enabled: boolean) {
  return useQuery({
    queryKey: calendarStatusKey,
    queryFn: ({ signal }) =>
      apiRequest('/auth/google-calendar/status', { schema: googleCalendarStatusSchema, signal }),
    enabled,
  });
}

export function useEvents(window: { timeMin: string; timeMax: string }, enabled: boolean) {
  return useQuery({
    queryKey: ['google', 'calendar', 'events', window.timeMin, window.timeMax],
    queryFn: ({ signal }) =>
      apiRequest(`/google/calendar/events?${new URLSearchParams(window)}`, {
        schema: calendarEventsResponseSchema,
        signal,
      }),
    enabled,
  });
}

/** Sends the browser to Google's consent page for Calendar and Tasks (also how a missing permission is granted). */
export function useConnectCalendar() {
  return useMutation({
    mutationKey: ['google', 'calendar', 'connect'],
    mutationFn: async () => {
      const { authUrl } = await apiRequest('/auth/google-calendar/connect', {
        method: 'POST',
        schema: connectResponseSchema,
      });
      window.location.assign(authUrl);
    },
  });
}
