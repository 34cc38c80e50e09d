/** The holdings bench's wallets: the first few hold tokens and NFTs, every later one is empty. */
export const holdingsAddress = (index: number) =>
  `0x${(0xb0d10000 + index).toString(16).padStart(40, '0')}` as `0x${string}`;
