import { zodResolver } from '@hookform/resolvers/zod';
import { ZWalletRequest, type TWallet } from '@nexusplay/contract/wallets';
import { useForm } from 'react-hook-form';
import { FormActions } from '../../../components/ui/form-actions';
import { FormAlert, useFormFeedback } from '../../../components/ui/form-alert';
import { TextField } from '../../../components/ui/text-field';
import { useAuth } from '../../../lib/auth';
import { useSaveErrors } from '../../../lib/form-errors';
import { useSaveWalletMutation } from '../api/manage-wallets';

/** The owner comes from the session, not from the form. */
const ZWalletForm = ZWalletRequest.omit({ user_id: true });

type WalletFormProps = {
  /** The wallet to edit; without one the form adds a new wallet. */
  wallet?: TWallet | undefined;
  onSaved: () => void;
  onCancel: () => void;
};

export function WalletForm({ wallet, onSaved, onCancel }: WalletFormProps) {
  const { userId } = useAuth();
  const mutation = useSaveWalletMutation();
  const form = useForm({
    // The schema's output is what is sent: trimmed, with an empty category as none.
    resolver: zodResolver(ZWalletForm),
    defaultValues: {
      wallet_name: wallet?.wallet_name ?? '',
      wallet_address: wallet?.wallet_address ?? '',
      category: wallet?.category ?? '',
    },
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;
  const feedback = useFormFeedback(form, mutation);

  const onSubmit = handleSubmit((values) => {
    mutation.mutate(
      { id: wallet?.id, wallet: { ...values, user_id: userId ?? undefined } },
      {
        onSuccess: () => {
          reset();
          onSaved();
        },
      },
    );
  });
  const alert = useSaveErrors(form, mutation.error, feedback, {
    fallback: wallet ? 'Failed to update wallet.' : 'Failed to create wallet.',
  });

  return (
    <form noValidate onSubmit={feedback.submit(onSubmit)} className="space-y-5">
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <TextField
        label="Wallet Name"
        autoComplete="off"
        placeholder="Main wallet"
        error={errors.wallet_name?.message}
        {...register('wallet_name')}
      />
      <TextField
        label="Wallet Address"
        autoComplete="off"
        spellCheck={false}
        placeholder="0x… or ronin:…"
        hint="0x or ronin: followed by 40 hexadecimal characters."
        className="[&_input]:font-mono"
        error={errors.wallet_address?.message}
        {...register('wallet_address')}
      />
      <TextField
        label="Category"
        autoComplete="off"
        placeholder="Gaming"
        hint="Optional. Group wallets by game, purpose or owner."
        error={errors.category?.message}
        {...register('category')}
      />
      <FormActions pending={mutation.isPending} onCancel={onCancel} />
    </form>
  );
}
