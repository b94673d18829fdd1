import { streamTicketResponseSchema } from '../../../../contract/live.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** A single-use ticket for one event stream: EventSource cannot send the access token, and a URL must not carry it. */
export async function getStreamTicket(signal?: AbortSignal): Promise<string> {
  const { ticket } = await apiRequest('/events/ticket', {
    method: 'POST',
    schema: streamTicketResponseSchema,
    signal,
  });
  return ticket;
}
