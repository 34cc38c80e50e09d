import type { TTokenHolding } from '@nexusplay/contract/portfolio';
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
  if (shown.length === 0) return <p className="text-sm text-slate-400">No tokens held.</p>;
  return (
    <table className="w-full max-w-xl text-sm">
      <caption className="sr-only">{label}</caption>
      <thead className="text-xs text-slate-400 uppercase">
        <tr>
          <th scope="col" className="py-1 pr-4 text-left font-semibold">
            Token
          </th>
          <th scope="col" className="py-1 pr-4 text-right font-semibold">
            Amount
          </th>
          <th scope="col" className="py-1 text-right font-semibold">
            Value
          </th>
        </tr>
      </thead>
      <tbody>
        {shown.map((token) => (
          <tr key={token.symbol}>
            <th scope="row" className="py-1 pr-4 text-left font-medium text-white">
              {token.symbol}
            </th>
            <td className="py-1 pr-4 text-right tabular-nums">
              {amountText(token.amount, currency)}
            </td>
            <td
              className={
                token.value_usd === null
                  ? 'py-1 text-right text-slate-400 italic'
                  : 'py-1 text-right tabular-nums'
              }
            >
              {holdingValueText(token, currency, usdIdr)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
