import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { clearStoredToken } from '../../../lib/auth-token';
import { useSignOutEverywhereMutation } from '../api/account';

/** Ends every session of the account, this one included, after asking. */
export function AccountSessions() {
  const navigate = useNavigate();
  const mutation = useSignOutEverywhereMutation();
  const [open, setOpen] = useState(false);

  const confirm = () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        // The server has ended this token with the others: forget it, without telling it again.
        void navigate('/', { flushSync: true });
        clearStoredToken();
      },
    });

  return (
    <section
      aria-labelledby="sessions-heading"
      className="rounded-2xl border border-slate-800 bg-slate-900/60 p-6"
    >
      <h2 id="sessions-heading" className="text-lg font-semibold text-white">
        Sessions
      </h2>
      <p className="mt-1 text-sm text-slate-300">
        Signed in on a device you no longer use, or one that is not yours? End every session, this
        one included.
      </p>
      <Button variant="secondary" className="mt-4" onClick={() => setOpen(true)}>
        Sign out everywhere
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title="Sign out everywhere?"
        description="Every device signed in to your account, this one included, will be signed out."
        confirmLabel="Sign out everywhere"
        pendingLabel="Signing out..."
        pending={mutation.isPending}
        error={mutation.error ? 'Signing out failed. Please try again.' : undefined}
        onConfirm={confirm}
      />
    </section>
  );
}
