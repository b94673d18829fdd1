import { refreshResponseSchema, type Tokens } from '../../../../contract/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export async function refreshTokens(refreshToken: string): Promise<Tokens> {
  const { tokens } = await apiRequest('/auth/refresh', {
    method: 'POST',
    body: { refreshToken },
    schema: refreshResponseSchema,
  });
  return tokens;
}
