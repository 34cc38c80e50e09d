import { NFT_NOUNS, type TNftHolding } from '@nexusplay/contract/portfolio';
import { ExternalLinkIcon } from 'lucide-react';

/** The portfolio's word on NFTs: they are counted, never part of a value. */
export const NFTS_NOT_VALUED_TEXT =
  'NFTs are counted, not valued: values and totals are tokens only.';

/** "3 Axies", "1 Pixels Farmland plot"; another collection by its configured name. */
export function nftCountText(holding: TNftHolding) {
  const noun = NFT_NOUNS[holding.name];
  if (!noun) return `${holding.count.toLocaleString('en-US')} ${holding.name}`;
  return `${holding.count.toLocaleString('en-US')} ${holding.count === 1 ? noun.one : noun.other}`;
}

/**
 * A wallet's counts, each a link to the owner's page on the collection's marketplace (a new tab)
 * where one is known.
 */
export function WalletNftCounts({
  holdings,
  walletName,
}: {
  holdings: TNftHolding[];
  walletName: string;
}) {
  if (holdings.length === 0) return null;
  return (
    // One count a line: the value column stays narrow on a phone.
    <ul aria-label={`NFTs of ${walletName}`} className="flex flex-col gap-0.5 px-1 text-xs">
      {holdings.map((holding) => (
        <li key={holding.collection} className="whitespace-nowrap text-slate-300">
          {holding.marketplace_url ? (
            <a
              href={holding.marketplace_url}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`${nftCountText(holding)} of ${walletName} on the marketplace (opens in a new tab)`}
              className="inline-flex items-center gap-1 rounded text-indigo-300 underline-offset-2 hover:underline"
            >
              {nftCountText(holding)}
              <ExternalLinkIcon aria-hidden="true" className="size-3 shrink-0" />
            </a>
          ) : (
            nftCountText(holding)
          )}
        </li>
      ))}
    </ul>
  );
}

/** The counts summed over the wallets, with the note that they are not valued. */
export function PortfolioNftCounts({ holdings }: { holdings: TNftHolding[] }) {
  if (holdings.length === 0) return null;
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold text-white">NFTs over all wallets</h3>
      <ul aria-label="NFTs over all wallets" className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {holdings.map((holding) => (
          <li key={holding.collection} className="text-sm text-slate-200 tabular-nums">
            {nftCountText(holding)}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-xs text-slate-400">{NFTS_NOT_VALUED_TEXT}</p>
    </div>
  );
}
