import { MailIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useSendResetLinkMutation } from '../api/manage-users';

/**
 * Mails the account a link to set its own password (the same mail as "Forgot password?"), for an
 * admin who would rather not hand a password on.
 */
export function SendResetLink({ userId, username }: { userId: number; username: string }) {
  const mutation = useSendResetLinkMutation();
  const failure =
    mutation.error instanceof ApiError && mutation.error.serverMessage
      ? mutation.error.serverMessage
      : 'The reset link could not be sent.';
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
      <Button
        variant="secondary"
        size="sm"
        aria-label={`Send reset link to ${username}`}
        disabled={mutation.isPending}
        onClick={() => mutation.mutate(userId)}
      >
        <MailIcon aria-hidden="true" className="size-4" />
        {mutation.isPending ? 'Sending...' : 'Send reset link'}
      </Button>
      <p role="status" className="text-sm text-slate-300">
        {mutation.isSuccess ? mutation.data.message : mutation.isError ? failure : ''}
      </p>
    </div>
  );
}
