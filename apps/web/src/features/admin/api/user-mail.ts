import { useMutation } from '@tanstack/react-query';
import { resendUserVerification } from './resend-user-verification';
import { startUserPasswordReset } from './start-user-password-reset';
import { useUserChanged } from './user-changed';

/** One mutation for both mails to a user: the verification mail again, or a password reset. */
export function useUserMail() {
  const changed = useUserChanged();
  return useMutation({
    mutationFn: ({ id, kind }: { id: number; kind: 'verification' | 'password-reset' }) =>
      kind === 'verification' ? resendUserVerification(id) : startUserPasswordReset(id),
    onSuccess: (_, { id }) => changed({ id }, null),
  });
}
