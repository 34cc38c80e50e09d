/** Rows per page of the admin tables: enough to scan, few enough to load at once. */
export const ADMIN_PAGE_SIZE = 20;

/**
 * The admin forms close only through their buttons or Escape: a stray click beside a half-written
 * form must not throw the work away.
 */
export function keepDialogOnOutsideClick(event: Event) {
  event.preventDefault();
}
