import { pushPublicKeyResponseSchema } from '../../../../contract/push-notifications.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The server's VAPID public key, for `pushManager.subscribe`. */
export async function getPushPublicKey(): Promise<string> {
  return (await apiRequest('/push/public-key', { schema: pushPublicKeyResponseSchema })).public_key;
}
