import { zodResolver } from '@hookform/resolvers/zod';
import { ZDeleteAccountRequest } from '@nexusplay/contract/account';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { FormAlert, useFormFeedback } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { useAuth } from '../../../lib/auth';
import { clearStoredToken } from '../../../lib/auth-token';
import { useSaveErrors } from '../../../lib/form-errors';
import { useDeleteAccountMutation } from '../api/account';

const EMPTY = { password: '', confirmation: '' };

function DeleteAccountForm({ username, onCancel }: { username: string; onCancel: () => void }) {
  const navigate = useNavigate();
  const mutation = useDeleteAccountMutation();
  const form = useForm({ resolver: zodResolver(ZDeleteAccountRequest), defaultValues: EMPTY });
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = form;
  const feedback = useFormFeedback(form, mutation);
  const alert = useSaveErrors(form, mutation.error, feedback, {
    fallback: 'The account could not be deleted. Please try again.',
  });
  const typed = useWatch({ control, name: 'confirmation' }).trim() === username;

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(values, {
      onSuccess: () => {
        // The account is gone, and its sessions with it: forget the token and go home.
        void navigate('/', { flushSync: true });
        clearStoredToken();
      },
    });
  });

  return (
    <form noValidate onSubmit={feedback.submit(onSubmit)} className="space-y-4">
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <TextField
        label={`Type ${username} to confirm`}
        autoComplete="off"
        spellCheck={false}
        error={errors.confirmation?.message}
        {...register('confirmation')}
      />
      <div className="flex justify-end gap-3 border-t border-slate-800 pt-5">
        <Button variant="secondary" onClick={onCancel} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={!typed || mutation.isPending}>
          {mutation.isPending ? 'Deleting...' : 'Delete my account'}
        </Button>
      </div>
    </form>
  );
}

/** Deleting the account: asks for the password and the username typed out. */
export function DeleteAccount() {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  return (
    <section
      aria-labelledby="delete-account-heading"
      className="rounded-2xl border border-red-900/60 bg-red-950/20 p-6"
    >
      <h2 id="delete-account-heading" className="text-lg font-semibold text-white">
        Delete account
      </h2>
      <p className="mt-1 text-sm text-slate-300">
        Your account, wallets, links and income records are removed for good. Blog posts keep the
        author name they were published under.
      </p>
      <Button variant="danger" className="mt-4" onClick={() => setOpen(true)}>
        Delete my account
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title="Delete your account?"
          description="This cannot be undone. Download your data first if you want to keep it."
        >
          {open && user?.username ? (
            <DeleteAccountForm username={user.username} onCancel={() => setOpen(false)} />
          ) : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}
