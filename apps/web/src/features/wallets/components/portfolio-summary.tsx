import type { TPortfolioResponse } from '@nexusplay/contract/portfolio';
import { AlertTriangleIcon, RefreshCwIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { CurrencyToggle } from '../../../components/ui/currency-toggle';
import { DataCredit } from '../../../components/ui/data-credit';
import { Skeleton } from '../../../components/ui/skeleton';
import type { DisplayCurrency } from '../../../lib/format-money';
import {
  asOfText,
  figureNotes,
  staleText,
  UNAVAILABLE_TEXT,
  UNKNOWN_TOTAL_TEXT,
  unknownTotalReason,
  valueText,
} from './portfolio-format';
import { PortfolioNftCounts } from './nft-counts';
import { TokenBreakdown } from './token-breakdown';

type PortfolioSummaryProps = {
  portfolio: TPortfolioResponse | undefined;
  failed: boolean;
  currency: DisplayCurrency;
  onCurrencyChange: (currency: DisplayCurrency) => void;
  showZero: boolean;
  onShowZeroChange: (show: boolean) => void;
  refreshing: boolean;
  onRefresh: () => void;
  /** What the last Refresh found, while it holds (see refreshText). */
  refreshStatus: string | null;
};

/** The value of all the user's wallets, per token summed over wallets, and how fresh it is. */
export function PortfolioSummary(props: PortfolioSummaryProps) {
  const { portfolio, failed, currency, showZero, refreshing } = props;
  const summary = portfolio?.summary;
  const empty = portfolio !== undefined && portfolio.wallets.length === 0;
  return (
    <section
      aria-labelledby="portfolio-heading"
      aria-busy={portfolio === undefined && !failed}
      className="mt-8 rounded-2xl border border-slate-800 bg-slate-900/60 p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="portfolio-heading" className="text-sm font-medium text-slate-400">
            Portfolio value
          </h2>
          {summary && portfolio && summary.total_usd === null ? (
            <>
              <p className="mt-1 text-3xl font-bold text-slate-400">{UNKNOWN_TOTAL_TEXT}</p>
              <p className="mt-1 text-sm text-slate-300">{unknownTotalReason(portfolio)}</p>
            </>
          ) : summary && portfolio ? (
            <p className="mt-1 text-3xl font-bold text-white tabular-nums">
              {valueText(summary.total_usd ?? 0, currency, portfolio.usd_idr)}
            </p>
          ) : failed ? (
            <p className="mt-1 text-sm text-slate-300">
              The portfolio could not be loaded. Try Refresh.
            </p>
          ) : (
            <Skeleton className="mt-2 h-8 w-40" />
          )}
          {summary?.as_of ? (
            <p className="mt-1 text-sm text-slate-400">As of {asOfText(summary.as_of)}</p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <CurrencyToggle value={currency} onChange={props.onCurrencyChange} />
          <Button variant="secondary" onClick={props.onRefresh} disabled={refreshing}>
            <RefreshCwIcon aria-hidden="true" className="size-4" />
            {refreshing ? 'Refreshing...' : 'Refresh'}
          </Button>
        </div>
      </div>
      <p role="status" className="mt-2 text-sm text-slate-300 empty:hidden">
        {props.refreshStatus}
      </p>
      {summary && portfolio && !empty ? (
        <>
          <Notes portfolio={portfolio} currency={currency} />
          <PortfolioNftCounts holdings={summary.holdings} />
          <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
            <h3 className="text-sm font-semibold text-white">Tokens over all wallets</h3>
            <label className="flex items-center gap-2 text-sm text-slate-300">
              <input
                type="checkbox"
                checked={showZero}
                onChange={(event) => props.onShowZeroChange(event.target.checked)}
                className="size-4 accent-indigo-500"
              />
              Show zero balances
            </label>
          </div>
          <div className="mt-2">
            <TokenBreakdown
              label="Tokens over all wallets"
              tokens={summary.tokens}
              currency={currency}
              usdIdr={portfolio.usd_idr}
              showZero={showZero}
            />
          </div>
          <DataCredit
            sources={portfolio.sources}
            rateNote="IDR values are the dollar values times the USD→IDR rate."
          />
        </>
      ) : null}
    </section>
  );
}

/** Why the total may be less than everything held: stale, unavailable or unpriced figures. */
function Notes({
  portfolio,
  currency,
}: {
  portfolio: TPortfolioResponse;
  currency: DisplayCurrency;
}) {
  const { summary } = portfolio;
  const notes: string[] = [];
  if (summary.stale > 0) notes.push(staleText(summary.as_of));
  if (summary.unavailable > 0) {
    notes.push(
      `${UNAVAILABLE_TEXT} ${summary.unavailable === 1 ? 'One wallet is' : `${summary.unavailable} wallets are`} not in the total.`,
    );
  }
  notes.push(...figureNotes(portfolio, currency));
  // Without any price the note above says why no token is valued.
  if (summary.unpriced.length > 0 && portfolio.sources.price.asOf !== null) {
    notes.push(`No price for ${summary.unpriced.join(', ')}: not in the totals (marked *).`);
  }
  if (portfolio.limited) notes.push('Only your first 100 wallets are valued.');
  if (notes.length === 0) return null;
  return (
    <ul className="mt-3 space-y-1">
      {notes.map((note) => (
        <li key={note} className="flex gap-2 text-sm text-amber-300">
          <AlertTriangleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {note}
        </li>
      ))}
    </ul>
  );
}
