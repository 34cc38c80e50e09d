import { z } from 'zod';
import { everyField, zOptionalCategory, zOwnerId } from './personal-rows.js';
import { directionControlsMessage, hasNoDirectionControls } from './text.js';

export const WALLET_NAME_MAX = 100;

/** An EVM address (0x + 40 hex digits) or the same written with Ronin's "ronin:" prefix. */
export const WALLET_ADDRESS_PATTERN = /^(0x|ronin:)[0-9a-f]{40}$/i;

export const ZWallet = z.object({
  id: z.number().int(),
  wallet_name: z.string(),
  /** With the prefix the user typed (0x or ronin:), the hex digits in lower case. */
  wallet_address: z.string(),
  category: z.string().nullable(),
  user_id: z.number().int(),
  created_at: z.string(),
});
export type TWallet = z.infer<typeof ZWallet>;

export const ZWalletRequest = z.object({
  wallet_name: z
    .string({ error: 'Wallet name is required.' })
    .trim()
    .min(1, 'Wallet name is required.')
    .max(WALLET_NAME_MAX, `Wallet name must be at most ${WALLET_NAME_MAX} characters.`)
    .refine(hasNoDirectionControls, directionControlsMessage('Wallet name')),
  wallet_address: z
    .string({ error: 'Wallet address is required.' })
    .trim()
    .min(1, 'Wallet address is required.')
    .regex(
      WALLET_ADDRESS_PATTERN,
      'Wallet address must be 0x or ronin: followed by 40 hexadecimal characters.',
    ),
  category: zOptionalCategory,
  user_id: zOwnerId,
});
export type TWalletRequest = z.input<typeof ZWalletRequest>;

/** What the user fills in: the request without the owner, who is always the caller. */
export const ZWalletFields = ZWalletRequest.omit({ user_id: true });
export type TWalletFields = z.output<typeof ZWalletFields>;
export type TWalletField = keyof TWalletFields;

/** The wallet's own fields in column order: the CSV columns, the form's fields, the table's. */
export const WALLET_FIELDS = everyField<TWalletField>()(
  'wallet_name',
  'wallet_address',
  'category',
);
