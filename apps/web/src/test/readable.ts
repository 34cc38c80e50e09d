const CUT_SHORT = /(^|\s)(truncate|line-clamp-\d+)(\s|$)/;

/**
 * Whether a person can read all of an element's text: it is not cut short with an ellipsis, or
 * its tooltip holds the whole of it.
 */
export function readableInFull(element: HTMLElement): boolean {
  return !CUT_SHORT.test(element.className) || element.title === element.textContent;
}

/** Whether the element's text is shown whole, never cut short. */
export function shownWhole(element: HTMLElement): boolean {
  return !CUT_SHORT.test(element.className);
}

/** An address at the length a real one can reach, with no break in it. */
export const LONG_EMAIL = `a.very.long.local.part.of.someone.who.likes.long.names@${'sub.'.repeat(8)}example-mail-provider.com`;
