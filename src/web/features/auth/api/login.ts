import { useMutation } from '@tanstack/react-query';
import { authResponseSchema, type AuthResponse, type LoginBody } from '../../../../contract/auth.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAuth } from '../hooks/use-auth.ts';

export function login(body: LoginBody): Promise<AuthResponse> {
  return apiRequest('/auth/login', { method: 'POST', body, schema: authResponseSchema });
}

export function useLogin() {
  const { startSession } = useAuth();
  return useMutation({ mutationKey: ['auth', 'login'], mutationFn: login, onSuccess: startSession });
}
