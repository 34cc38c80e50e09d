/** The Wallet Tracker and Link Manager tables show at most 10 rows at a time (SPEC 9). */
export const PERSONAL_PAGE_SIZE = 10;

/** Their forms close only through their buttons or Escape, so a stray click keeps what was typed. */
export function keepFormOnOutsideClick(event: Event) {
  event.preventDefault();
}
