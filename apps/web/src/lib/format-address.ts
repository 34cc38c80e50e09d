/** The ways a wallet address may begin; what follows is the part that tells two apart. */
const ADDRESS_PREFIXES = ['ronin:', '0x'] as const;

const LEADING_DIGITS = 4;
const TRAILING_CHARACTERS = 4;

/**
 * A wallet address short enough for a table cell: `0x1234…abcd`, its first 6 and last 4
 * characters (SPEC 9). A `ronin:` address keeps its whole prefix and the same 4 digits after it,
 * as its first 6 characters alone would be only the prefix and tell no two addresses apart.
 */
export function shortenAddress(address: string): string {
  const prefix = ADDRESS_PREFIXES.find((candidate) => address.toLowerCase().startsWith(candidate));
  const leading = (prefix?.length ?? 2) + LEADING_DIGITS;
  if (address.length <= leading + TRAILING_CHARACTERS + 1) return address;
  return `${address.slice(0, leading)}…${address.slice(-TRAILING_CHARACTERS)}`;
}
