import { useMutation } from '@tanstack/react-query';
import { authResponseSchema, type AuthResponse, type RegisterBody } from '../../../../contract/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuth } from '../hooks/use-auth.ts';

export function register(body: RegisterBody): Promise<AuthResponse> {
  return apiRequest('/auth/register', { method: 'POST', body, schema: authResponseSchema });
}

export function useRegister() {
  const { startSession } = useAuth();
  return useMutation({ mutationKey: ['auth', 'register'], mutationFn: register, onSuccess: startSession });
}
