import type { TWalletPortfolio } from '@nexusplay/contract/portfolio';
import { ChevronDownIcon } from 'lucide-react';
import { Skeleton } from '../../../components/ui/skeleton';
import { cx } from '../../../lib/class-names';
import type { DisplayCurrency } from '../../../lib/format-money';
import { WalletNftCounts } from './nft-counts';
import { asOfText, valueText } from './portfolio-format';

type WalletValueProps = {
  /** undefined while the portfolio is on its way. */
  portfolio: TWalletPortfolio | undefined;
  /** The portfolio could not be loaded at all. */
  failed: boolean;
  walletName: string;
  currency: DisplayCurrency;
  usdIdr: number;
  open: boolean;
  onToggle: () => void;
};

/**
 * The wallet's total in the page's currency, the button that opens its tokens, and under it the
 * NFTs it holds (counted, not in the total).
 */
export function WalletValue(props: WalletValueProps) {
  const { portfolio, failed, walletName, currency, usdIdr, open, onToggle } = props;
  if (failed && !portfolio) return <span className="text-slate-400">Unavailable</span>;
  if (!portfolio) return <Skeleton className="h-4 w-20" />;
  if (portfolio.state === 'unavailable') {
    return (
      <span className="text-slate-400" title="The Ronin node is not answering.">
        Unavailable
      </span>
    );
  }
  return (
    <div className="flex flex-col items-start gap-1">
      <button
        type="button"
        aria-expanded={open}
        aria-label={`Tokens of ${walletName}`}
        onClick={onToggle}
        className="flex items-center gap-2 rounded-md px-1 py-0.5 text-left hover:bg-white/5"
      >
        <span className="flex flex-col">
          {portfolio.total_usd === null ? (
            // Amounts are known, their value is not: the tokens still open, each saying "no price".
            <>
              <span className="font-medium text-slate-400">—</span>
              <span className="text-xs text-slate-400">
                no price for {portfolio.unpriced.join(', ')}
              </span>
            </>
          ) : (
            <span className="font-medium text-white tabular-nums">
              {valueText(portfolio.total_usd, currency, usdIdr)}
              {portfolio.unpriced.length > 0 ? '*' : ''}
            </span>
          )}
          {portfolio.state === 'stale' ? (
            <span className="text-xs text-amber-300">as of {asOfText(portfolio.as_of)}</span>
          ) : null}
        </span>
        <ChevronDownIcon
          aria-hidden="true"
          className={cx(
            'size-4 shrink-0 text-slate-400 transition-transform',
            open && 'rotate-180',
          )}
        />
      </button>
      <WalletNftCounts
        holdings={portfolio.holdings}
        received={portfolio.received_nfts}
        walletName={walletName}
      />
    </div>
  );
}
