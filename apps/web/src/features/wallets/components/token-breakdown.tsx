import type { TTokenHolding } from '@nexusplay/contract/portfolio';
import type { Column } from '../../../components/ui/data-table';
import { PagedTable } from '../../../components/ui/paged-table';
import type { DisplayCurrency } from '../../../lib/format-money';
import { amountText, holdingValueText, isZeroAmount } from './portfolio-format';

type TokenBreakdownProps = {
  label: string;
  tokens: TTokenHolding[];
  currency: DisplayCurrency;
  usdIdr: number;
  showZero: boolean;
};

/** Token, amount and value, one row each; zero balances only when asked for. */
export function TokenBreakdown({ label, tokens, currency, usdIdr, showZero }: TokenBreakdownProps) {
  const shown = showZero ? tokens : tokens.filter((token) => !isZeroAmount(token.amount));
  const columns: Column<TTokenHolding>[] = [
    {
      header: 'Token',
      rowHeader: true,
      cell: (token) => <span className="font-medium text-white">{token.symbol}</span>,
    },
    {
      header: 'Amount',
      className: 'text-right tabular-nums',
      cell: (token) => amountText(token.amount, currency),
    },
    {
      header: 'Value',
      className: 'text-right tabular-nums',
      cell: (token) =>
        token.value_usd === null ? (
          <span className="text-slate-400 italic">{holdingValueText(token, currency, usdIdr)}</span>
        ) : (
          holdingValueText(token, currency, usdIdr)
        ),
    },
  ];
  return (
    // A few short figures: the table keeps to a readable width rather than spanning the page.
    <div className="max-w-xl">
      <PagedTable
        caption={label}
        columns={columns}
        rows={shown}
        rowKey={(token) => token.symbol}
        emptyText={{ none: 'No tokens held.' }}
        layout={{ density: 'compact', minWidth: 'none' }}
      />
    </div>
  );
}
