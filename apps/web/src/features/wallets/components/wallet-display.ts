import { textOr } from '../../../lib/display';

/** The name to show, with a stand-in when a wallet has none (README, "Missing values"). */
export function walletName(wallet: { wallet_name?: string | null }): string {
  return textOr(wallet.wallet_name, 'Unnamed wallet');
}
