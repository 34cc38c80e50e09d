/** Rows per page of the admin tables: enough to scan, few enough to load at once. */
export const ADMIN_PAGE_SIZE = 20;
