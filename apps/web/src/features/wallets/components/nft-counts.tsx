import { NFT_NOUNS, type TNftHolding, type TReceivedNfts } from '@nexusplay/contract/portfolio';
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
 * "Received since tracked: #345, #12 (partial list)", with "and 3 more" past the listed ids; null
 * when none was seen.
 */
export function receivedText(received: TReceivedNfts | undefined) {
  if (!received || received.token_ids.length === 0) return null;
  const ids = received.token_ids.map((id) => `#${id}`).join(', ');
  const more = received.more > 0 ? ` and ${received.more.toLocaleString('en-US')} more` : '';
  return `Received since tracked: ${ids}${more} (partial list)`;
}

/**
 * A wallet's counts, each a link to the owner's page on the collection's marketplace (a new tab)
 * where one is known, and under each the token ids the chain activity showed it receiving since
 * it was tracked (a partial list).
 */
export function WalletNftCounts({
  holdings,
  received = [],
  walletName,
}: {
  holdings: TNftHolding[];
  received?: TReceivedNfts[];
  walletName: string;
}) {
  // Without counts (balances never read), the collections it received some of are still listed.
  const lines: { collection: string; holding?: TNftHolding }[] =
    holdings.length > 0
      ? holdings.map((holding) => ({ collection: holding.collection, holding }))
      : received
          .filter((entry) => entry.token_ids.length > 0)
          .map((entry) => ({ collection: entry.collection }));
  if (lines.length === 0) return null;
  return (
    // One count a line: the value column stays narrow on a phone.
    <ul aria-label={`NFTs of ${walletName}`} className="flex flex-col gap-0.5 px-1 text-xs">
      {lines.map(({ collection, holding }) => (
        <li key={collection} className="text-slate-300">
          {holding ? <NftCount holding={holding} walletName={walletName} /> : null}
          <ReceivedLine received={received.find((entry) => entry.collection === collection)} />
        </li>
      ))}
    </ul>
  );
}

function ReceivedLine({ received }: { received: TReceivedNfts | undefined }) {
  const text = receivedText(received);
  if (text === null || !received) return null;
  const noun = NFT_NOUNS[received.name]?.other ?? received.name;
  // Wraps within the value column (a token id can be 78 digits long).
  return (
    <p className="max-w-56 text-slate-400 [overflow-wrap:anywhere]">
      <span className="sr-only">{noun}: </span>
      {text}
    </p>
  );
}

function NftCount({ holding, walletName }: { holding: TNftHolding; walletName: string }) {
  return (
    <span className="block whitespace-nowrap">
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
    </span>
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
