import { zodResolver } from '@hookform/resolvers/zod';
import { ZDeleteAccountRequest } from '@nexusplay/contract/account';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { SaveForm, useSaveForm } from '../../../components/ui/save-form';
import { TextField } from '../../../components/ui/text-field';
import { useAuth } from '../../../lib/auth';
import { clearStoredToken } from '../../../lib/auth-token';
import { useDeleteAccountMutation } from '../api/account';

const EMPTY = { password: '', confirmation: '' };

function DeleteAccountForm({ username, onCancel }: { username: string; onCancel: () => void }) {
  const navigate = useNavigate();
  const form = useForm({ resolver: zodResolver(ZDeleteAccountRequest), defaultValues: EMPTY });
  const save = useSaveForm(form, useDeleteAccountMutation(), {
    variables: (values) => values,
    onSaved: () => {
      // The account is gone, and its sessions with it: forget the token and go home.
      void navigate('/', { flushSync: true });
      clearStoredToken();
    },
    saved: 'Your account has been deleted.',
    fallback: 'The account could not be deleted. Please try again.',
  });
  const typed = useWatch({ control: form.control, name: 'confirmation' }).trim() === username;

  return (
    <SaveForm save={save} className="space-y-4">
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        {...save.field('password')}
      />
      <TextField
        label={`Type ${username} to confirm`}
        autoComplete="off"
        spellCheck={false}
        {...save.field('confirmation')}
      />
      <div className="flex justify-end gap-3 border-t border-slate-800 pt-5">
        <Button variant="secondary" onClick={onCancel} disabled={save.pending}>
          Cancel
        </Button>
        <Button type="submit" variant="danger" disabled={!typed || save.pending}>
          {save.pending ? 'Deleting...' : 'Delete my account'}
        </Button>
      </div>
    </SaveForm>
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
