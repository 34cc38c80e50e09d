/**
 * Made-up chain identifiers for tests, numbered so that each test can name as many as it needs
 * and tell them apart: the n-th address (20 bytes) and the n-th transaction hash (32 bytes), as
 * lowercase hex with their 0x.
 */
export const address = (n: number): `0x${string}` => `0x${n.toString(16).padStart(40, '0')}`;
export const txHash = (n: number): `0x${string}` => `0x${n.toString(16).padStart(64, '0')}`;
