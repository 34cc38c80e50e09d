import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { AlertTriangleIcon, FlaskConicalIcon } from 'lucide-react';
import { SearchField } from '../../../components/ui/search-field';
import { TextField } from '../../../components/ui/text-field';
import { formatMoment } from '../../../lib/format-date';
import { marketQuery } from '../api/get-market';
import {
  filterItems,
  nextSort,
  parseMinProfit,
  sortItems,
  type SortKey,
  type SortState,
} from './market-items';
import { MarketTable } from './market-table';

/** SPEC 2: the market's items by category, with a name search and a minimum profit filter. */
export function MarketExplorer() {
  const market = useQuery(marketQuery());
  const [search, setSearch] = useState('');
  const [minProfitText, setMinProfitText] = useState('0');
  const [sort, setSort] = useState<SortState>(null);

  if (market.isPending) {
    return (
      <p role="status" className="mt-10 py-16 text-center text-lg text-slate-300">
        Loading item data...
      </p>
    );
  }
  if (market.isError && market.data === undefined) {
    return (
      <p role="alert" className="mt-10 py-16 text-center text-lg text-red-300">
        Failed to load item data.
      </p>
    );
  }

  const { data, asOf, stale, sample, checking } = market.data;
  const minProfit = parseMinProfit(minProfitText);
  const sections = Object.entries(data)
    .map(([category, items]) => ({
      category,
      items: sortItems(filterItems(items, { search, minProfit }), sort),
    }))
    .filter((section) => section.items.length > 0);
  const asOfText = asOf ? formatMoment(asOf) : undefined;
  const onSort = (key: SortKey) => setSort((current) => nextSort(current, key));

  return (
    <div className="mt-10 space-y-8">
      <div className="space-y-3">
        <p className="flex flex-wrap items-center gap-2 text-sm text-slate-400">
          {asOfText ? <span>As of {asOfText}</span> : null}
          {sample ? (
            <span className="rounded-full bg-sky-500/15 px-2.5 py-0.5 text-xs font-semibold text-sky-300">
              Sample data
            </span>
          ) : null}
          {stale ? (
            <span className="rounded-full bg-amber-500/15 px-2.5 py-0.5 text-xs font-semibold text-amber-300">
              Stale
            </span>
          ) : null}
        </p>
        {sample ? (
          <p className="flex gap-2 rounded-lg border border-sky-500/40 bg-sky-500/10 px-3 py-2.5 text-sm text-sky-200">
            <FlaskConicalIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            These items are sample data for trying the page, not live market prices. An operator
            connects a real market source with the MARKET_API_URL setting.
          </p>
        ) : null}
        {(stale && !checking) || market.isError ? (
          <p className="flex gap-2 text-sm text-amber-300">
            <AlertTriangleIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            The market service is not answering, so the last item data received is shown.
          </p>
        ) : stale ? (
          <p className="text-sm text-slate-400">
            Updating: the last item data received is shown while it is asked for again.
          </p>
        ) : null}
      </div>

      <div className="flex flex-wrap items-end gap-4">
        <SearchField
          label="Search items by name"
          placeholder="Search items by name..."
          value={search}
          onValueChange={setSearch}
          className="w-full max-w-md"
        />
        <TextField
          label="Minimum profit per energy"
          type="number"
          inputMode="decimal"
          step="any"
          value={minProfitText}
          onChange={(event) => setMinProfitText(event.target.value)}
          className="w-56"
        />
      </div>

      {sections.length === 0 ? (
        <p role="status" className="py-10 text-center text-slate-400">
          {Object.keys(data).length === 0
            ? 'The market has no items right now.'
            : 'No items match your search and minimum profit.'}
        </p>
      ) : (
        sections.map(({ category, items }, index) => (
          // Category names come from the market service and may hold spaces, so no id is built
          // from them.
          <section
            key={category}
            aria-labelledby={`market-category-${index}`}
            className="space-y-3"
          >
            <h2 id={`market-category-${index}`} className="text-xl font-semibold text-white">
              {category}{' '}
              <span className="text-sm font-normal text-slate-400">({items.length})</span>
            </h2>
            <MarketTable category={category} items={items} sort={sort} onSort={onSort} />
          </section>
        ))
      )}
    </div>
  );
}
