import { describe, expect, it } from 'vitest';
import {
  formatCompact,
  formatIdr,
  formatMoney,
  formatTokenAmount,
  formatTokenAmountUpTo,
  formatUsd,
} from './format-money';

describe('money formats', () => {
  it('writes rupiah with the Rp prefix and Indonesian grouping and decimals', () => {
    expect(formatIdr(150000)).toBe('Rp\u00a0150.000');
    expect(formatIdr(1234567.891, 2)).toBe('Rp\u00a01.234.567,89');
    expect(formatIdr(-150000)).toBe('-Rp\u00a0150.000');
    expect(formatIdr(0)).toBe('Rp\u00a00');
  });

  it('writes dollars with 2 decimals, or 4 for a token price', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
    expect(formatUsd(-10)).toBe('-$10.00');
    expect(formatUsd(0.012345, 4)).toBe('$0.0123');
  });

  it('never shows a loss that rounds to nothing as a negative zero', () => {
    expect(formatUsd(-0.001)).toBe('$0.00');
    expect(formatIdr(-0.2)).toBe('Rp\u00a00');
  });

  it('writes token amounts with the decimals asked for', () => {
    expect(formatTokenAmount(1250.6)).toBe('1,251');
    expect(formatTokenAmount(12.5, 2)).toBe('12.50');
  });

  it('picks the format of the currency on show', () => {
    expect(formatMoney(2500, 'usd')).toBe('$2,500.00');
    expect(formatMoney(2500, 'idr')).toBe('Rp\u00a02.500');
  });

  it('writes every number the Indonesian way for a page in IDR mode', () => {
    expect(formatTokenAmount(1000, 2, 'idr')).toBe('1.000,00');
    expect(formatTokenAmountUpTo(1250.5, 2, 'idr')).toBe('1.250,5');
    expect(formatTokenAmountUpTo(1250.5, 2)).toBe('1,250.5');
    expect(formatUsd(1234.5, 2, 'idr')).toBe('US$1.234,50');
    expect(formatCompact(240000)).toBe('240K');
    expect(formatCompact(1250000, 'idr')).toBe('1,3\u00a0jt');
  });
});
