/**
 * A record as it may arrive. The API's answers are taken on trust (see api-client.ts), and a
 * page's cards and rows must still draw when a field is null, missing or empty, so they take
 * records of this shape: only the id is relied on.
 */
export type Loose<T extends { id: unknown }> = Pick<T, 'id'> & {
  [K in Exclude<keyof T, 'id'>]?: T[K] | null;
};

/** The text to show: the value trimmed, or `standIn` when it is null, missing, not text or blank. */
export function textOr(value: unknown, standIn: string): string {
  return (typeof value === 'string' && value.trim()) || standIn;
}

/** The text of a field, or empty when it has none: for what is simply left out when missing. */
export const textOf = (value: unknown): string => textOr(value, '');

/** A finite number, or `standIn` (0 unless told) when the value is anything else. */
export function numberOr(value: unknown, standIn = 0): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : standIn;
}

/** What a table cell shows for a value that is not there. */
export const NO_VALUE = '—';
