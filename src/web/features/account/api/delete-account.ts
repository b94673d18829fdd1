import { useMutation } from '@tanstack/react-query';
import { deleteAccountResponseSchema } from '../../../../contract/account.ts';
import { apiRequest } from '../../../lib/api-client.ts';

export function deleteAccount(password: string | undefined) {
  return apiRequest('/account/delete', {
    method: 'DELETE',
    body: password === undefined ? {} : { password },
    schema: deleteAccountResponseSchema,
  });
}

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
