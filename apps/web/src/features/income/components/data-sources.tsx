import type { TDataSource, TPricesResponse } from '@nexusplay/contract/market';
import { formatTimestamp } from '../../../lib/format-timestamp';

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
  const asOf = source.asOf ? formatTimestamp(source.asOf) : undefined;
  return asOf ? `, as of ${asOf}.` : ', which has not answered yet.';
}

/**
 * Where the page's figures come from, as the services' terms ask: the token price from the price
 * service, and every rupiah figure from one exchange rate, so the card and the table agree.
 */
export function DataSources({ sources }: { sources: TPricesResponse['sources'] }) {
  return (
    <div className="mt-3 space-y-1 text-xs text-slate-400">
      <p>
        Price data by <SourceName source={sources.price} />
        {asOfText(sources.price)}
      </p>
      <p>
        Every IDR figure on this page is the dollar amount times the USD→IDR rate (today&apos;s
        here, each record&apos;s own day in the table). Rates by{' '}
        <SourceName source={sources.rate} />
        {asOfText(sources.rate)}
      </p>
    </div>
  );
}
