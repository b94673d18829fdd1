import { useMutation } from '@tanstack/react-query';
import { deleteAccountResponseSchema, type DeleteAccountRequest } from '../../../../contract/account.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** The proof that it is the owner: the password, or the code of a fresh Google or GitHub sign-in. */
export function deleteAccount(proof: DeleteAccountRequest) {
  return apiRequest('/account/delete', {
    method: 'DELETE',
    body: proof,
    schema: deleteAccountResponseSchema,
  });
}

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
