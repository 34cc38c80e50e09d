/** The Ronin explorer's page of a transaction. */
export function transactionUrl(txHash: string): string {
  return `https://app.roninchain.com/tx/${encodeURIComponent(txHash)}`;
}

/**
 * An exact token amount as the server sends it ("1234567.000001") with its whole part grouped
 * ("1,234,567.000001"). Worked on as text: a float would round amounts past 15 digits.
 */
export function formatExactAmount(amount: string): string {
  const match = /^(\d+)(\.\d+)?$/.exec(amount);
  if (!match) return amount;
  const [, whole = '', fraction = ''] = match;
  return whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + fraction;
}

/** A transaction hash short enough for a cell: its first 6 and last 4 characters. */
export function shortHash(txHash: string): string {
  return txHash.length <= 13 ? txHash : `${txHash.slice(0, 6)}…${txHash.slice(-4)}`;
}
