import { zodResolver } from '@hookform/resolvers/zod';
import { fieldDefaults } from '@nexusplay/contract/personal-rows';
import {
  WALLET_FIELDS,
  ZWalletFields,
  type TWallet,
  type TWalletField,
} from '@nexusplay/contract/wallets';
import type { ComponentProps } from 'react';
import { useForm } from 'react-hook-form';
import { SaveForm, useSaveForm } from '../../../components/ui/save-form';
import { TextField } from '../../../components/ui/text-field';
import { useAuth } from '../../../lib/auth';
import { useSaveWalletMutation } from '../api/manage-wallets';

/** Each field's input; a field added to the contract is a compile error here until it has one. */
const INPUTS: Record<TWalletField, Omit<ComponentProps<typeof TextField>, 'name'>> = {
  wallet_name: { label: 'Wallet Name', autoComplete: 'off', placeholder: 'Main wallet' },
  wallet_address: {
    label: 'Wallet Address',
    autoComplete: 'off',
    spellCheck: false,
    placeholder: '0x… or ronin:…',
    hint: '0x or ronin: followed by 40 hexadecimal characters.',
    className: '[&_input]:font-mono',
  },
  category: {
    label: 'Category',
    autoComplete: 'off',
    placeholder: 'Gaming',
    hint: 'Optional. Group wallets by game, purpose or owner.',
  },
};

type WalletFormProps = {
  /** The wallet to edit; without one the form adds a new wallet. */
  wallet?: TWallet | undefined;
  onSaved: () => void;
  onCancel: () => void;
};

export function WalletForm({ wallet, onSaved, onCancel }: WalletFormProps) {
  const { userId } = useAuth();
  const form = useForm({
    // The schema's output is what is sent: trimmed, with an empty category as none.
    resolver: zodResolver(ZWalletFields),
    defaultValues: fieldDefaults(WALLET_FIELDS, wallet),
  });
  const save = useSaveForm(form, useSaveWalletMutation(), {
    variables: (values) => ({
      id: wallet?.id,
      wallet: { ...values, user_id: userId ?? undefined },
    }),
    onSaved,
    saved: wallet ? 'Wallet updated.' : 'Wallet added.',
    fallback: wallet ? 'Failed to update wallet.' : 'Failed to create wallet.',
  });

  return (
    <SaveForm save={save} onCancel={onCancel}>
      {WALLET_FIELDS.map((field) => (
        <TextField key={field} {...INPUTS[field]} {...save.field(field)} />
      ))}
    </SaveForm>
  );
}
