/*
 * The state the database must hold after the run, built only from acknowledged (2xx) answers:
 * each row as its last acknowledged write left it, and deleted rows gone. The rows are in the
 * database's own form, so that the verification compares them field by field.
 */

export type ExpectedUser = { id: number; username: string; email: string; role: string };

export type ExpectedWallet = {
  id: number;
  user_id: number;
  wallet_name: string;
  address: string;
  address_prefix: string;
  category: string | null;
};

export type ExpectedLink = {
  id: number;
  user_id: number;
  title: string;
  url: string;
  category: string | null;
};

export type ExpectedIncome = {
  id: number;
  user_id: number;
  token: string;
  amount: number;
  expense: number;
  expense_type: string;
  expense_description: string;
  date: string;
  /** Null while the price (or rate) of the record's day is pending. */
  price_usd: number | null;
  usd_idr: number | null;
  usd_idr_date: string | null;
  converted_expense: string;
  net_income: number | null;
};

export type ExpectedTool = {
  id: number;
  name: string;
  icon: string;
  description: string;
  link: string | null;
};

export type ExpectedNotification = {
  id: number;
  title: string;
  message: string;
  created_by: number | null;
};

/** The live rows of one table. */
export class LedgerTable<T extends { id: number }> {
  readonly live = new Map<number, T>();
  private readonly everCreated = new Set<number>();

  /** False when the id was handed out before: ids are never reused, so that is a fault. */
  create(row: T): boolean {
    const fresh = !this.everCreated.has(row.id);
    this.everCreated.add(row.id);
    this.live.set(row.id, row);
    return fresh;
  }

  update(row: T) {
    this.live.set(row.id, row);
  }

  delete(id: number) {
    this.live.delete(id);
  }
}

export class Ledger {
  readonly users = new LedgerTable<ExpectedUser>();
  readonly wallets = new LedgerTable<ExpectedWallet>();
  readonly links = new LedgerTable<ExpectedLink>();
  readonly income = new LedgerTable<ExpectedIncome>();
  readonly tools = new LedgerTable<ExpectedTool>();
  readonly notifications = new LedgerTable<ExpectedNotification>();
  /** Acknowledged read marks, as "userId:notificationId". */
  readonly reads = new Set<string>();

  /** A read mark stays only while its notification does (the delete cascades). */
  expectedReads(): Set<string> {
    return new Set(
      [...this.reads].filter((key) => this.notifications.live.has(Number(key.split(':')[1]))),
    );
  }
}

/** How `actual` differs from `expected` in the fields `expected` names; undefined when it does not. */
export function difference(
  actual: Record<string, unknown> | undefined,
  expected: Record<string, unknown>,
): string | undefined {
  if (!actual) return 'missing';
  for (const [field, value] of Object.entries(expected)) {
    if (actual[field] !== value) {
      return `${field} is ${JSON.stringify(actual[field])}, expected ${JSON.stringify(value)}`;
    }
  }
  return undefined;
}
