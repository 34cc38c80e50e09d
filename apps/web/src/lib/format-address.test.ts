import { describe, expect, it } from 'vitest';
import { shortenAddress } from './format-address';

describe('shortenAddress', () => {
  it('keeps the first 6 and the last 4 characters of an 0x address', () => {
    expect(shortenAddress('0x1234567890abcdef1234567890abcdef1234abcd')).toBe('0x1234…abcd');
  });

  it('keeps the ronin: prefix and the same 4 digits after it', () => {
    expect(shortenAddress('ronin:1234567890abcdef1234567890abcdef1234abcd')).toBe(
      'ronin:1234…abcd',
    );
  });

  it('leaves an address that is already short as it is', () => {
    expect(shortenAddress('0x12345678')).toBe('0x12345678');
    expect(shortenAddress('0x123456789')).toBe('0x123456789');
    expect(shortenAddress('0x1234567890a')).toBe('0x1234…890a');
  });
});
