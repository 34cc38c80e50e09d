import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TIncomeToken } from '@nexusplay/contract/income';
import { dayIn } from '../../../src/lib/dates.js';
import { loginToken, registerUser } from '../../support/accounts.js';
import { bearer } from '../../support/content.js';
import { createTestApp, type TestApp } from '../../support/test-app.js';

const HEADER =
  'Date,Income (Pixels),Expense,Expense type,Expense description,Converted expense,Net income (USD),Price (USD),USD/IDR,USD/IDR of';

/** A valued record: a loss of $2.50 at the price of its day. */
const RECORD = {
  token: 'pixels' as TIncomeToken,
  amount: 1000,
  expense: 5,
  expense_type: 'usd',
  expense_description: 'Seeds',
  converted_expense: '250 Pixels ($5.00)',
  date: '2025-03-15',
  net_income: -2.5,
  price_usd: 0.0025,
  usd_idr: 16000,
  usd_idr_date: '2025-03-14',
};

describe('income CSV export', () => {
  let t: TestApp;
  let owner: { id: number; token: string };
  let other: { id: number; token: string };

  beforeAll(async () => {
    t = await createTestApp();
    const signedUp = async () => {
      const user = await registerUser(t.app);
      return { id: user.id, token: await loginToken(t.app, user.email, user.password) };
    };
    [owner, other] = [await signedUp(), await signedUp()];
  });
  afterAll(() => t.close());

  /** Stores the records of `userId`, instead of theirs until now, as they are, so that the file's cells can be known exactly. */
  async function store(userId: number, records: Partial<typeof RECORD>[]) {
    const now = new Date().toISOString();
    await t.db.kysely.deleteFrom('income_records').where('user_id', '=', userId).execute();
    if (records.length === 0) return;
    await t.db.kysely
      .insertInto('income_records')
      .values(
        records.map((record) => ({
          ...RECORD,
          ...record,
          user_id: userId,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute();
  }

  const download = (path: string, token = owner.token) =>
    t.app.inject({ method: 'GET', url: `/api/${path}/export`, headers: bearer(token) });

  /** The file's lines after its header. */
  const rowsOf = async (path: string) => (await download(path)).body.split('\n').slice(1, -1);

  it('writes a header and a row per record, as a download named by tracker and day', async () => {
    await store(owner.id, [{}]);
    const res = await download('income-pixels');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="income-pixels-${dayIn('Asia/Jakarta')}.csv"`,
    );
    const [header, row] = res.body.split('\n');
    expect(header).toBe(HEADER);
    expect(row).toBe('2025-03-15,1000,5,usd,Seeds,250 Pixels ($5.00),-2.5,0.0025,16000,2025-03-14');
  });

  it('leaves the figures of a record whose price is pending empty, not 0', async () => {
    await store(owner.id, [
      {
        converted_expense: '$5.00 in Pixels (price pending)',
        net_income: null as unknown as number,
        price_usd: null as unknown as number,
        usd_idr: null as unknown as number,
        usd_idr_date: null as unknown as string,
      },
    ]);
    expect(await rowsOf('income-pixels')).toEqual([
      '2025-03-15,1000,5,usd,Seeds,$5.00 in Pixels (price pending),,,,',
    ]);
  });

  it('neutralises text that a spreadsheet would run as a formula, and quotes it', async () => {
    const starts = ['=', '+', '-', '@'];
    await store(owner.id, [
      ...starts.map((start) => ({ expense_description: `${start}1+1` })),
      { expense_description: '=HYPERLINK("http://evil.example")' },
    ]);
    const rows = await rowsOf('income-pixels');
    starts.forEach((start, index) => expect(rows[index]).toContain(`,'${start}1+1,`));
    expect(rows[starts.length]).toContain(`,"'=HYPERLINK(""http://evil.example"")",`);
  });

  it('quotes text with commas or line breaks', async () => {
    await store(owner.id, [{ expense_description: 'Seeds, land\nrent' }]);
    expect((await download('income-pixels')).body).toContain(',"Seeds, land\nrent",');
  });

  it("holds the caller's own records of the tracker's token only, and asks for a sign-in", async () => {
    await store(owner.id, [
      { expense_description: 'Pixels of the owner' },
      { token: 'axs', expense_description: 'AXS of the owner', converted_expense: '2 AXS ($5.00)' },
    ]);
    await store(other.id, [{ expense_description: 'Pixels of another' }]);
    const pixels = await download('income-pixels');
    expect(pixels.body).toContain('Pixels of the owner');
    expect(pixels.body).not.toMatch(/AXS of the owner|another/);
    const axie = await download('income-axie');
    expect(axie.headers['content-disposition']).toMatch(/filename="income-axs-/);
    expect(axie.body.split('\n')[0]).toBe(HEADER.replace('Income (Pixels)', 'Income (AXS)'));
    expect(axie.body.split('\n').slice(1, -1)).toEqual([
      '2025-03-15,1000,5,usd,AXS of the owner,2 AXS ($5.00),-2.5,0.0025,16000,2025-03-14',
    ]);

    await store(other.id, []);
    expect((await download('income-pixels', other.token)).body).toBe(`${HEADER}\n`);
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/income-pixels/export' });
    expect(signedOut.statusCode).toBe(401);
  });
});
