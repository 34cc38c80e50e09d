import { CopyIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { shortenAddress } from '../../../lib/format-address';

type WalletAddressProps = {
  /** Without one, a dash and no copy button. */
  address: string | null | undefined;
  /** Names the wallet in the copy button's label, so each row's button is told apart. */
  walletName: string;
  onCopied: () => void;
  onCopyFailed: () => void;
};

/** The shortened address, whole on hover, with a button that copies all of it. */
export function WalletAddress({ address, walletName, onCopied, onCopyFailed }: WalletAddressProps) {
  if (!address?.trim()) {
    return (
      <span className="text-slate-500">
        <span aria-hidden="true">—</span>
        <span className="sr-only">No address</span>
      </span>
    );
  }
  const copy = async () => {
    try {
      // Missing outside a secure context (plain http), where copying is not allowed at all.
      if (!navigator.clipboard) throw new Error('The clipboard is not available here.');
      await navigator.clipboard.writeText(address);
      onCopied();
    } catch (error) {
      console.error('Could not copy the wallet address.', error);
      onCopyFailed();
    }
  };

  return (
    <span className="flex items-center gap-1.5">
      <code title={address} className="font-mono text-sm whitespace-nowrap text-slate-200">
        {shortenAddress(address)}
      </code>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Copy the address of ${walletName}`}
        title="Copy the full address"
        onClick={() => void copy()}
      >
        <CopyIcon aria-hidden="true" className="size-4" />
      </Button>
    </span>
  );
}
