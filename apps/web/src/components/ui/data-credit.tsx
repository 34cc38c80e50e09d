import type { ReactNode } from 'react';
import type { TDataSource } from '@nexusplay/contract/market';
import { formatMoment } from '../../lib/format-date';

function SourceName({ source }: { source: TDataSource }) {
  if (!source.url) return <>{source.name}</>;
  return (
    <a
      href={source.url}
      target="_blank"
      rel="noreferrer"
      className="underline decoration-slate-600 underline-offset-2 hover:text-slate-200"
    >
      {source.name}
    </a>
  );
}

function asOfText(source: TDataSource): string {
  const asOf = source.asOf ? formatMoment(source.asOf) : undefined;
  return asOf ? `, as of ${asOf}.` : ', which has not answered yet.';
}

type DataCreditProps = {
  /** The services whose figures the page shows: the token prices, the USD→IDR rate, or both. */
  sources: { price?: TDataSource | undefined; rate?: TDataSource | undefined };
  /** What the page's rupiah figures are made of, said before the rate's credit. */
  rateNote?: ReactNode;
};

/**
 * The credit the price and exchange-rate services ask for close to where their figures are
 * shown, with the time of each figure. Every page that shows their figures places it beside them.
 */
export function DataCredit({ sources, rateNote }: DataCreditProps) {
  const { price, rate } = sources;
  return (
    <div className="mt-3 space-y-1 text-xs text-slate-400">
      {price ? (
        <p>
          Price data by <SourceName source={price} />
          {asOfText(price)}
        </p>
      ) : null}
      {rate ? (
        <p>
          {rateNote ? <>{rateNote} </> : null}Rates by <SourceName source={rate} />
          {asOfText(rate)}
        </p>
      ) : null}
    </div>
  );
}
