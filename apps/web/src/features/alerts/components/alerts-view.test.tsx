import { ALERT_MESSAGES, ALERTS_MAX, type TAlert } from '@nexusplay/contract/alerts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { callsMade, stubApi, type ApiCall } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { userToken } from '../../../test/tokens';
import { ALERTS_TEXTS } from './alerts-view';

const HOUR = 3600 * 1000;

function makeAlert(id: number, overrides: Partial<TAlert> = {}): TAlert {
  return {
    id,
    token: 'PIXEL',
    direction: 'above',
    currency: 'usd',
    price: 0.0512,
    mail: false,
    state: 'armed',
    last_price: null,
    last_checked_at: null,
    last_fired_at: null,
    fired_count: 0,
    created_at: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}

type Reply = ReturnType<Parameters<typeof stubApi>[0]>;

/**
 * An alerts server holding `alerts` and the mail switch: it lists, creates (409 past the cap),
 * updates, deletes and switches like the real one; `override` answers a call first when it wants.
 */
function stubAlertsServer(
  alerts: TAlert[],
  {
    mailIncome = false,
    override = () => undefined,
  }: {
    mailIncome?: boolean;
    override?: (call: ApiCall) => Reply;
  } = {},
) {
  let settings = { mail_income: mailIncome };
  let nextId = 100;
  return stubApi((call) => {
    const overridden = override(call);
    if (overridden) return overridden;
    const { method, url } = call;
    const body = typeof call.init?.body === 'string' ? JSON.parse(call.init.body) : undefined;
    if (url.pathname === '/api/alerts/settings') {
      if (method === 'PUT') {
        settings = { mail_income: body.mail_income };
        return { status: 200, body: { ...settings, message: ALERT_MESSAGES.settingsSaved } };
      }
      return { status: 200, body: settings };
    }
    if (url.pathname === '/api/alerts') {
      if (method === 'GET') return { status: 200, body: { data: alerts, max: ALERTS_MAX } };
      if (alerts.length >= ALERTS_MAX)
        return { status: 409, body: { message: ALERT_MESSAGES.tooMany } };
      const created = makeAlert(nextId++, { ...body });
      alerts.push(created);
      return { status: 201, body: { message: ALERT_MESSAGES.created, data: created } };
    }
    const match = /^\/api\/alerts\/(\d+)$/.exec(url.pathname);
    if (!match) return undefined;
    const id = Number(match[1]);
    const index = alerts.findIndex((alert) => alert.id === id);
    if (index === -1) return { status: 404, body: { message: ALERT_MESSAGES.notFound } };
    if (method === 'PATCH') {
      alerts[index] = { ...alerts[index]!, ...body, state: 'armed' };
      return { status: 200, body: { message: ALERT_MESSAGES.updated, data: alerts[index] } };
    }
    if (method === 'DELETE') {
      alerts.splice(index, 1);
      return { status: 200, body: { message: ALERT_MESSAGES.deleted } };
    }
    return undefined;
  });
}

function openPage() {
  return renderApp('/alerts', { token: userToken() });
}

/** The table (from md up); jsdom draws the phone's cards beside it, so queries stay inside. */
async function findTable() {
  return within(await screen.findByRole('table', { name: 'Your price alerts' }));
}

function sentBodyOf(fetchMock: ReturnType<typeof stubApi>, call: string): unknown {
  const index = callsMade(fetchMock).indexOf(call);
  expect(index, `${call} was not sent`).toBeGreaterThanOrEqual(0);
  return JSON.parse(String(fetchMock.mock.calls[index]?.[1]?.body));
}

describe('Price alerts page', () => {
  it('sends a guest to sign in first', async () => {
    const { router } = renderApp('/alerts');
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?next=/alerts');
  });

  it('lists each alert: token, line in its currency, email, state and when it last fired', async () => {
    const firedAt = new Date(Date.now() - 3 * HOUR).toISOString();
    stubAlertsServer([
      makeAlert(1, { mail: true, last_price: 0.0498 }),
      makeAlert(2, {
        token: 'AXS',
        direction: 'below',
        currency: 'idr',
        price: 81250,
        state: 'fired',
        last_price: 80100,
        last_fired_at: firedAt,
        fired_count: 2,
      }),
    ]);
    openPage();
    const table = await findTable();
    await table.findByText('Above $0.0512');
    const rows = table.getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(table.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Token',
      'Alert when',
      'Email',
      'State',
      'Last fired',
      'Actions',
    ]);

    const pixel = within(rows[1]!);
    expect(pixel.getByRole('rowheader', { name: 'PIXEL' })).toBeInTheDocument();
    expect(pixel.getByText('Above $0.0512')).toBeInTheDocument();
    expect(pixel.getByText('Last seen $0.0498')).toBeInTheDocument();
    expect(pixel.getByText('Email on')).toBeInTheDocument();
    expect(pixel.getByText('Watching')).toBeInTheDocument();
    expect(pixel.getByText('Never')).toBeInTheDocument();
    expect(pixel.getByRole('button', { name: 'Edit PIXEL above $0.0512' })).toBeInTheDocument();

    const axs = within(rows[2]!);
    // IDR as the app writes it everywhere: Rp and Indonesian grouping (the matcher reads the
    // non-breaking space after Rp as a space).
    expect(axs.getByText('Below Rp 81.250')).toBeInTheDocument();
    expect(axs.getByText('Email off')).toBeInTheDocument();
    expect(axs.getByText('Triggered')).toHaveAttribute(
      'title',
      'Went off; watches again once AXS is back above the line.',
    );
    const ago = axs.getByText('3 hours ago');
    expect(ago.tagName).toBe('TIME');
    expect(ago).toHaveAttribute('dateTime', firedAt);
    expect(ago.getAttribute('title')).toMatch(/\d{4}, \d{1,2}:\d{2}\s?[AP]M$/);
    expect(axs.getByText('2 times so far')).toBeInTheDocument();

    expect(screen.getByText('2 of 20 alerts')).toBeInTheDocument();
    // The phone's cards carry the same alerts.
    const cards = within(screen.getByRole('list', { name: 'Your price alerts' }));
    expect(cards.getAllByRole('listitem')).toHaveLength(2);
    expect(cards.getByText('AXS below Rp 81.250')).toBeInTheDocument();
  });

  it('holds the place of the rows while the list loads', async () => {
    let answer: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (answer = resolve));
    stubApi(({ url }) => {
      if (url.pathname === '/api/alerts/settings')
        return { status: 200, body: { mail_income: false } };
      return undefined;
    });
    const fetchMock = vi.mocked(fetch);
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input) === '/api/alerts') {
        await gate;
        return new Response(JSON.stringify({ data: [], max: ALERTS_MAX }), { status: 200 });
      }
      return base(input, init);
    });
    openPage();
    const table = await screen.findByRole('table', { name: 'Your price alerts' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('list', { name: 'Alerts loading' })).toBeInTheDocument();
    answer();
    expect(await screen.findAllByText(ALERTS_TEXTS.none)).toHaveLength(2);
    expect(table).toHaveAttribute('aria-busy', 'false');
  });

  it('says when there are none yet, and that a new one can be added', async () => {
    stubAlertsServer([]);
    openPage();
    // Once in the table, once on the phone's card.
    expect(await screen.findAllByText(ALERTS_TEXTS.none)).toHaveLength(2);
    expect(screen.getByText('0 of 20 alerts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New alert' })).toBeEnabled();
  });

  it('says so when the list cannot be loaded', async () => {
    stubAlertsServer([], {
      override: ({ method, url }) =>
        method === 'GET' && url.pathname === '/api/alerts'
          ? { status: 500, body: { message: 'Internal Server Error' } }
          : undefined,
    });
    openPage();
    expect(await screen.findAllByText(ALERTS_TEXTS.failed)).toHaveLength(2);
    expect(screen.queryByText(/of 20 alerts/)).not.toBeInTheDocument();
  });
});

// Typing into dialogs takes jsdom a few seconds on a busy machine.
describe('setting up an alert', { timeout: 15_000 }, () => {
  it('checks the price before anything is sent, then creates the alert', async () => {
    const fetchMock = stubAlertsServer([]);
    const { user } = openPage();
    await screen.findAllByText(ALERTS_TEXTS.none);
    await user.click(screen.getByRole('button', { name: 'New alert' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New alert' }));
    expect(dialog.getByLabelText('Token')).toHaveValue('PIXEL');
    expect(dialog.getByLabelText('When the price')).toHaveValue('above');
    expect(dialog.getByLabelText('Currency')).toHaveValue('usd');
    expect(dialog.getByRole('checkbox', { name: 'Also send me an email' })).not.toBeChecked();

    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Price must be a number.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Price'), '0');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Price must be greater than 0.')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Price'));
    await user.type(dialog.getByLabelText('Price'), '-1');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Price must be greater than 0.')).toBeInTheDocument();
    expect(dialog.getByLabelText('Price')).toHaveAttribute('aria-invalid', 'true');
    expect(callsMade(fetchMock)).not.toContain('POST /api/alerts');

    await user.selectOptions(dialog.getByLabelText('Token'), 'SLP');
    await user.selectOptions(dialog.getByLabelText('When the price'), 'below');
    await user.clear(dialog.getByLabelText('Price'));
    await user.type(dialog.getByLabelText('Price'), '0.0031');
    await user.click(dialog.getByRole('checkbox', { name: 'Also send me an email' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodyOf(fetchMock, 'POST /api/alerts')).toEqual({
      token: 'SLP',
      direction: 'below',
      currency: 'usd',
      price: 0.0031,
      mail: true,
    });
    expect(screen.getByText('Alert created.')).toBeInTheDocument();
    const table = await findTable();
    expect(await table.findByText('Below $0.0031')).toBeInTheDocument();
    expect(screen.getByText('1 of 20 alerts')).toBeInTheDocument();
  });

  it('takes a line in rupiah and says how to write one', async () => {
    const fetchMock = stubAlertsServer([]);
    const { user } = openPage();
    await screen.findAllByText(ALERTS_TEXTS.none);
    await user.click(screen.getByRole('button', { name: 'New alert' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New alert' }));
    await user.selectOptions(dialog.getByLabelText('Currency'), 'idr');
    expect(dialog.getByText('In rupiah, without thousands separators: 1250.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Price'), '1250');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodyOf(fetchMock, 'POST /api/alerts')).toMatchObject({
      currency: 'idr',
      price: 1250,
    });
    expect(await (await findTable()).findByText('Above Rp 1.250')).toBeInTheDocument();
  });

  it("shows the server's refusal: its message above the form, a field's under the field", async () => {
    let refusal: Reply = {
      status: 409,
      body: { message: ALERT_MESSAGES.tooMany },
    };
    stubAlertsServer([], {
      override: ({ method }) => (method === 'POST' ? refusal : undefined),
    });
    const { user } = openPage();
    await screen.findAllByText(ALERTS_TEXTS.none);
    await user.click(screen.getByRole('button', { name: 'New alert' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'New alert' }));
    await user.type(dialog.getByLabelText('Price'), '2');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.tooMany);

    refusal = {
      status: 400,
      body: { message: 'Validation failed.', errors: { price: 'Price is too large.' } },
    };
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Price is too large.')).toBeInTheDocument();
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'New alert' })).toBeInTheDocument();
  });

  it('edits an alert with its values filled in', async () => {
    const fetchMock = stubAlertsServer([
      makeAlert(4, { token: 'RON', price: 2.5, mail: true, state: 'fired' }),
    ]);
    const { user } = openPage();
    const table = await findTable();
    await user.click(await table.findByRole('button', { name: 'Edit RON above $2.50' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit alert' }));
    expect(dialog.getByLabelText('Token')).toHaveValue('RON');
    expect(dialog.getByLabelText('Price')).toHaveValue('2.5');
    expect(dialog.getByRole('checkbox', { name: 'Also send me an email' })).toBeChecked();

    await user.clear(dialog.getByLabelText('Price'));
    await user.type(dialog.getByLabelText('Price'), '3');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sentBodyOf(fetchMock, 'PATCH /api/alerts/4')).toEqual({
      token: 'RON',
      direction: 'above',
      currency: 'usd',
      price: 3,
      mail: true,
    });
    expect(screen.getByText('Alert updated.')).toBeInTheDocument();
    expect(await table.findByText('Above $3.00')).toBeInTheDocument();
    expect(table.getByText('Watching')).toBeInTheDocument();
  });
});

// Typing into dialogs takes jsdom a few seconds on a busy machine.
describe('the cap of 20 alerts', { timeout: 15_000 }, () => {
  it('turns New alert off at 20 and says why', async () => {
    stubAlertsServer(Array.from({ length: ALERTS_MAX }, (_, index) => makeAlert(index + 1)));
    openPage();
    expect(await screen.findByText('20 of 20 alerts')).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'New alert' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(ALERTS_TEXTS.full(ALERTS_MAX));
    expect(screen.getByText(ALERTS_TEXTS.full(ALERTS_MAX))).toBeInTheDocument();
  });

  it('turns it back on once one is deleted', async () => {
    const alerts = Array.from({ length: ALERTS_MAX }, (_, index) =>
      makeAlert(index + 1, { price: index + 1 }),
    );
    stubAlertsServer(alerts);
    const { user } = openPage();
    const table = await findTable();
    await user.click(await table.findByRole('button', { name: 'Delete PIXEL above $7.00' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete alert?' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('19 of 20 alerts')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New alert' })).toBeEnabled();
    expect(screen.queryByText(ALERTS_TEXTS.full(ALERTS_MAX))).not.toBeInTheDocument();
  });
});

// Typing into dialogs takes jsdom a few seconds on a busy machine.
describe('deleting an alert', { timeout: 15_000 }, () => {
  it('asks first: Cancel keeps it, Delete removes it', async () => {
    const fetchMock = stubAlertsServer([makeAlert(1, { token: 'AXS', price: 6.25 })]);
    const { user } = openPage();
    const table = await findTable();
    const remove = await table.findByRole('button', { name: 'Delete AXS above $6.25' });

    await user.click(remove);
    let confirm = within(await screen.findByRole('alertdialog', { name: 'Delete alert?' }));
    expect(confirm.getByText('AXS above $6.25')).toBeInTheDocument();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsMade(fetchMock)).not.toContain('DELETE /api/alerts/1');
    expect(remove).toHaveFocus();

    await user.click(remove);
    confirm = within(await screen.findByRole('alertdialog', { name: 'Delete alert?' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await screen.findAllByText(ALERTS_TEXTS.none)).toHaveLength(2);
    expect(callsMade(fetchMock)).toContain('DELETE /api/alerts/1');
    expect(screen.getByText('Alert deleted.')).toBeInTheDocument();
  });

  it("keeps the confirmation open with the server's reason when it fails", async () => {
    stubAlertsServer([makeAlert(1)], {
      override: ({ method }) =>
        method === 'DELETE'
          ? { status: 404, body: { message: ALERT_MESSAGES.notFound } }
          : undefined,
    });
    const { user } = openPage();
    const table = await findTable();
    await user.click(await table.findByRole('button', { name: 'Delete PIXEL above $0.0512' }));
    const confirm = within(await screen.findByRole('alertdialog', { name: 'Delete alert?' }));
    await user.click(confirm.getByRole('button', { name: 'Delete' }));
    expect(await confirm.findByRole('alert')).toHaveTextContent(ALERT_MESSAGES.notFound);
  });
});

describe('the income mail switch', () => {
  it('shows the stored setting and switches it on', async () => {
    const fetchMock = stubAlertsServer([]);
    const { user } = openPage();
    const toggle = await screen.findByRole('switch', {
      name: 'Email me when chain income arrives',
    });
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).not.toBeChecked();
    expect(toggle).toHaveAccessibleDescription(/always in the bell/);

    await user.click(toggle);
    await vi.waitFor(() => expect(toggle).toBeChecked());
    expect(sentBodyOf(fetchMock, 'PUT /api/alerts/settings')).toEqual({ mail_income: true });
    expect(await screen.findByText(ALERT_MESSAGES.settingsSaved)).toBeInTheDocument();
  });

  it('starts on when it is on, and stays as it was when the change fails', async () => {
    stubAlertsServer([], {
      mailIncome: true,
      override: ({ method, url }) =>
        method === 'PUT' && url.pathname === '/api/alerts/settings'
          ? { status: 503, body: { message: 'The service is busy. Try again shortly.' } }
          : undefined,
    });
    const { user } = openPage();
    const toggle = await screen.findByRole('switch', {
      name: 'Email me when chain income arrives',
    });
    await vi.waitFor(() => expect(toggle).toBeChecked());
    await user.click(toggle);
    expect(await screen.findByText('The service is busy. Try again shortly.')).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(toggle).toBeEnabled();
  });

  it('is used with the keyboard', async () => {
    const fetchMock = stubAlertsServer([]);
    const { user } = openPage();
    const toggle = await screen.findByRole('switch', {
      name: 'Email me when chain income arrives',
    });
    await vi.waitFor(() => expect(toggle).toBeEnabled());
    toggle.focus();
    await user.keyboard(' ');
    await vi.waitFor(() => expect(toggle).toBeChecked());
    expect(callsMade(fetchMock)).toContain('PUT /api/alerts/settings');
  });
});
