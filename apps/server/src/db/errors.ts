/** True when a write failed on a UNIQUE constraint, on either engine. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  // 23505: PostgreSQL unique_violation; SQLITE_CONSTRAINT_*: better-sqlite3's extended codes.
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/**
 * True when a write named a row that another request deleted meanwhile (a FOREIGN KEY refusal),
 * on either engine. On PostgreSQL this is a race between concurrent transactions.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  // 23503: PostgreSQL foreign_key_violation.
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
