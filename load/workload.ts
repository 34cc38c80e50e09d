import { randomBytes } from 'node:crypto';
import { HttpClient, type Call, type Recorder } from './http-client.js';
import {
  difference,
  type ExpectedIncome,
  type ExpectedLink,
  type ExpectedNotification,
  type ExpectedTool,
  type ExpectedWallet,
  type Ledger,
  type LedgerTable,
} from './ledger.js';

export type Session = { userId: number; token: string };

export type LoadContext = {
  port: number;
  timeoutMs: number;
  recorder: Recorder;
  ledger: Ledger;
  blogIds: number[];
};

type Row = Record<string, unknown>;
type Operation = [weight: number, run: () => Promise<void>];

/** Rows one client keeps of each kind; beyond it the client changes or deletes instead. */
const OWN_ROWS_MAX = 8;
const CATEGORIES = ['Main', 'Guild', 'Scholar', '', null] as const;
const PASSWORD = 'load-test-password';
/** How often a page asks for the prices. */
const PRICE_POLL_MS = 5000;
/** Password hashing is meant to be slow: a few sign-ups at a time. */
const SIGN_UPS_AT_ONCE = 4;
const CONNECTIONS_AT_ONCE = 10;

const pickOne = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const randomInt = (below: number) => Math.floor(Math.random() * below);

function pickWeighted(operations: Operation[]) {
  const total = operations.reduce((sum, [weight]) => sum + weight, 0);
  let draw = Math.random() * total;
  for (const [weight, run] of operations) {
    draw -= weight;
    if (draw < 0) return run;
  }
  return operations[operations.length - 1]![1];
}

function chooseAction(owned: number): 'create' | 'update' | 'delete' {
  if (owned === 0) return 'create';
  const draw = Math.random();
  if (owned >= OWN_ROWS_MAX) return draw < 0.5 ? 'update' : 'delete';
  return draw < 0.5 ? 'create' : draw < 0.8 ? 'update' : 'delete';
}

/** One kind of row a client owns, and how the API shows it. */
type OwnKind<T extends { id: number }> = {
  base: string;
  table: LedgerTable<T>;
  /** Ids this client created and has not deleted. */
  own: Set<number>;
  /** Ids this client deleted. */
  gone: Set<number>;
  asApi(row: T): Row;
  /** The row inside a write's answer. */
  unwrap(answer: Row): Row;
  /** The list inside a read's answer. */
  list(answer: unknown): Row[];
};

const ownKind = <T extends { id: number }>(
  base: string,
  table: LedgerTable<T>,
  asApi: (row: T) => Row,
  unwrap: (answer: Row) => Row = (answer) => answer,
  list: (answer: unknown) => Row[] = (answer) => answer as Row[],
): OwnKind<T> => ({ base, table, own: new Set(), gone: new Set(), asApi, unwrap, list });

const walletAsApi = (row: ExpectedWallet): Row => ({
  id: row.id,
  user_id: row.user_id,
  wallet_name: row.wallet_name,
  wallet_address: `${row.address_prefix}${row.address.slice(2)}`,
  category: row.category,
});

const linkAsApi = (row: ExpectedLink): Row => ({ ...row });

const incomeAsApi = ({ user_id: _user, token: _token, amount, ...rest }: ExpectedIncome): Row => ({
  ...rest,
  income: amount,
});

const toolAsApi = (row: ExpectedTool): Row => ({ ...row });

const notificationAsApi = ({ created_by: _by, ...rest }: ExpectedNotification): Row => rest;

/** A virtual client: one request at a time, back to back, until the deadline. */
abstract class VirtualClient {
  private sequence = 0;
  /** Its own address, as a proxy would forward it: per-address limits see separate visitors. */
  private readonly from: string;
  /** Its own keep-alive connection, as a browser tab has. */
  private readonly http: HttpClient;

  constructor(
    protected readonly ctx: LoadContext,
    private readonly index: number,
    protected readonly session: Session,
  ) {
    this.from = `10.1.${(index >> 8) & 255}.${index & 255}`;
    this.http = new HttpClient(ctx.port, ctx.timeoutMs, 1);
  }

  protected abstract operations(): Operation[];

  /** Opens the connection, counted with the setup. */
  async connect(setup: Recorder) {
    const call: Call = {
      method: 'GET',
      route: 'GET /api/health',
      path: '/api/health',
      expect: 200,
      from: this.from,
    };
    if ((await this.http.send(setup, call)) === undefined) {
      throw new Error(`Setup failed to connect: ${setup.failures.at(-1)?.detail}`);
    }
  }

  async run(deadline: number) {
    const operations = this.operations();
    let pricesPolled = 0;
    while (Date.now() < deadline) {
      // Pages poll the prices on a timer, so the per-address limit of /api/prices is never met.
      if (Date.now() - pricesPolled >= PRICE_POLL_MS) {
        pricesPolled = Date.now();
        await this.get('GET /api/prices', '/api/prices', false);
      } else {
        await pickWeighted(operations)();
      }
    }
    this.http.close();
  }

  protected send(call: Omit<Call, 'from' | 'token'>, signedIn = true) {
    return this.http.send(this.ctx.recorder, {
      ...call,
      from: this.from,
      ...(signedIn ? { token: this.session.token } : {}),
    });
  }

  protected get(route: string, path: string, signedIn = true) {
    return this.send({ method: 'GET', route, path, expect: 200 }, signedIn);
  }

  protected problem(route: string, detail: string) {
    this.ctx.recorder.fail('check', route, detail);
  }

  /** A text no other write of the run uses. */
  protected tag() {
    this.sequence += 1;
    return `${this.index}-${this.sequence}`;
  }

  /** 40 hex digits no other write of the run uses. */
  protected uniqueHex() {
    this.sequence += 1;
    const hex = (value: number) => value.toString(16).padStart(8, '0');
    return `${hex(this.index)}${hex(this.sequence)}${randomBytes(12).toString('hex')}`;
  }

  protected readonly readGames = async () => {
    await this.get('GET /api/games', pickOne(['/api/games', '/api/games?limit=6']), false);
  };

  protected readonly readBlogs = async () => {
    await this.get('GET /api/blogs', pickOne(['/api/blogs', '/api/blogs?limit=3']), false);
  };

  protected readonly readBlog = async () => {
    if (this.ctx.blogIds.length === 0) return this.readBlogs();
    await this.get('GET /api/blogs/:id', `/api/blogs/${pickOne(this.ctx.blogIds)}`, false);
  };

  protected readonly readTools = async () => {
    await this.get('GET /api/tools', pickOne(['/api/tools', '/api/tools?q=wallet']), false);
  };

  /** Every row this client wrote appears in `listed` as its last acknowledged write left it. */
  protected compareOwn<T extends { id: number }>(route: string, kind: OwnKind<T>, listed: Row[]) {
    const byId = new Map(listed.map((row) => [row.id, row]));
    for (const id of kind.own) {
      const problem = difference(byId.get(id), kind.asApi(kind.table.live.get(id)!));
      if (problem) this.problem(route, `row ${id} after its acknowledged write: ${problem}`);
    }
    for (const id of kind.gone) {
      if (byId.has(id)) this.problem(route, `row ${id} still listed after its acknowledged delete`);
    }
  }

  protected async readOwn<T extends { id: number }>(kind: OwnKind<T>) {
    const route = `GET ${kind.base}`;
    const answer = await this.get(route, kind.base);
    if (answer !== undefined) this.compareOwn(route, kind, kind.list(answer));
  }

  /** Creates, changes or deletes one of this client's rows and books what was acknowledged. */
  protected async writeOwn<T extends { id: number }>(
    kind: OwnKind<T>,
    body: Row,
    expectedRow: (id: number, answer: Row) => T,
  ) {
    const action = chooseAction(kind.own.size);
    if (action === 'delete') {
      const id = pickOne([...kind.own]);
      const route = `DELETE ${kind.base}/:id`;
      const path = `${kind.base}/${id}`;
      if ((await this.send({ method: 'DELETE', route, path, expect: 200 })) === undefined) return;
      kind.table.delete(id);
      kind.own.delete(id);
      kind.gone.add(id);
      return;
    }
    const creating = action === 'create';
    const target = creating ? undefined : pickOne([...kind.own]);
    const route = creating ? `POST ${kind.base}` : `PUT ${kind.base}/:id`;
    const reply = await this.send({
      method: creating ? 'POST' : 'PUT',
      route,
      path: creating ? kind.base : `${kind.base}/${target}`,
      body,
      expect: creating ? 201 : 200,
    });
    if (reply === undefined) return;
    const answer = kind.unwrap(reply as Row);
    const row = expectedRow(target ?? Number(answer.id), answer);
    const problem = difference(answer, kind.asApi(row));
    if (problem) this.problem(route, `the answer differs from the request: ${problem}`);
    if (creating) {
      if (!kind.table.create(row)) this.problem(route, `id ${row.id} was handed out twice`);
      kind.own.add(row.id);
    } else {
      kind.table.update(row);
    }
  }
}

/** A signed-in player: public pages, and their own wallets, links, income and notifications. */
class PlayerClient extends VirtualClient {
  private readonly wallets = ownKind('/api/wallets', this.ctx.ledger.wallets, walletAsApi);
  private readonly links = ownKind('/api/links', this.ctx.ledger.links, linkAsApi);
  private readonly income = {
    pixels: this.incomeKind('/api/income-pixels'),
    axs: this.incomeKind('/api/income-axie'),
  };
  /** Notifications this client marked read, with acknowledgement. */
  private readonly marked = new Set<number>();

  private incomeKind(base: string) {
    return ownKind(
      base,
      this.ctx.ledger.income,
      incomeAsApi,
      (answer) => answer.data as Row,
      (answer) => (answer as { data: Row[] }).data,
    );
  }

  protected operations(): Operation[] {
    return [
      [7, this.readGames],
      [7, this.readBlogs],
      [5, this.readBlog],
      [7, this.readTools],
      [3, this.readMe],
      [7, () => this.readOwn(this.wallets)],
      [7, () => this.readOwn(this.links)],
      [3, () => this.readOwn(this.income.pixels)],
      [3, () => this.readOwn(this.income.axs)],
      [6, this.readNotifications],
      [8, this.writeWallet],
      [8, this.writeLink],
      [4, () => this.writeIncome('pixels')],
      [4, () => this.writeIncome('axs')],
    ];
  }

  private readonly readMe = async () => {
    const me = (await this.get('GET /api/me', '/api/me')) as Row | undefined;
    if (me && me.id !== this.session.userId) {
      this.problem('GET /api/me', `answered user ${String(me.id)}, not ${this.session.userId}`);
    }
  };

  /** Reads the notifications and, half the time, marks a few of them read. */
  private readonly readNotifications = async () => {
    const route = 'GET /api/admin-notifications';
    const listed = (await this.get(route, '/api/admin-notifications')) as Row[] | undefined;
    if (!listed) return;
    for (const notification of listed) {
      if (this.marked.has(notification.id as number) && notification.read !== true) {
        this.problem(route, `notification ${String(notification.id)} unread after its mark`);
      }
    }
    if (listed.length === 0 || Math.random() < 0.5) return;
    const ids = [...new Set(Array.from({ length: 1 + randomInt(4) }, () => pickOne(listed).id))];
    const answer = await this.send({
      method: 'POST',
      route: 'POST /api/admin-notifications/read',
      path: '/api/admin-notifications/read',
      body: { ids },
      expect: 200,
    });
    if (answer === undefined) return;
    for (const id of ids as number[]) {
      this.ctx.ledger.reads.add(`${this.session.userId}:${id}`);
      this.marked.add(id);
    }
  };

  private readonly writeWallet = async () => {
    const prefix = pickOne(['0x', 'ronin:']);
    // Unique in the run, so that no write meets the one-address-per-user rule.
    const digits = this.uniqueHex();
    const category = pickOne(CATEGORIES);
    const body = {
      wallet_name: `Wallet ${this.tag()}`,
      wallet_address: `${prefix}${Math.random() < 0.5 ? digits : digits.toUpperCase()}`,
      category,
    };
    await this.writeOwn(this.wallets, body, (id) => ({
      id,
      user_id: this.session.userId,
      wallet_name: body.wallet_name,
      address: `0x${digits}`,
      address_prefix: prefix,
      category: category || null,
    }));
  };

  private readonly writeLink = async () => {
    const tag = this.tag();
    const category = pickOne(CATEGORIES);
    const body = {
      title: `Link ${tag}`,
      url: `https://example.com/load/${encodeURIComponent(tag)}?page=${randomInt(100)}`,
      category,
    };
    await this.writeOwn(this.links, body, (id) => ({
      id,
      user_id: this.session.userId,
      title: body.title,
      url: body.url,
      category: category || null,
    }));
  };

  private async writeIncome(token: 'pixels' | 'axs') {
    const expenseType = pickOne(['usd', token] as const);
    const body = {
      income: randomInt(1_000_000) / 100,
      // Whole tokens, or dollars to the cent: the forms' own precision, stored as sent.
      expense: expenseType === 'usd' ? randomInt(100_000) / 100 : randomInt(5000),
      expense_type: expenseType,
      expense_description: `Spent ${this.tag()}`,
      date: `2025-${String(1 + randomInt(12)).padStart(2, '0')}-${String(1 + randomInt(28)).padStart(2, '0')}`,
    };
    await this.writeOwn(this.income[token], body, (id, answer) => ({
      id,
      user_id: this.session.userId,
      token,
      amount: body.income,
      expense: body.expense,
      expense_type: body.expense_type,
      expense_description: body.expense_description,
      date: body.date,
      // Derived by the server from the figures of the record's day; checked against the database
      // as answered. The load's price service has no history, so a past day stays pending.
      price_usd: answer.price_usd as number | null,
      usd_idr: answer.usd_idr as number | null,
      usd_idr_date: answer.usd_idr_date as string | null,
      converted_expense: answer.converted_expense as string,
      net_income: answer.net_income as number | null,
    }));
  }
}

/**
 * An administrator changing tools and notifications under the players' feet. After every write
 * it reads the list back: a public list served from a cache must already show the change.
 */
class AdminClient extends VirtualClient {
  private readonly tools = ownKind('/api/tools', this.ctx.ledger.tools, toolAsApi);
  private readonly notifications = ownKind(
    '/api/admin-notifications',
    this.ctx.ledger.notifications,
    notificationAsApi,
    (answer) => answer.notification as Row,
  );

  protected operations(): Operation[] {
    return [
      [5, this.writeTool],
      [5, this.writeNotification],
      [2, this.readTools],
      [2, this.readGames],
      [2, this.readBlogs],
    ];
  }

  private readonly writeTool = async () => {
    const tag = this.tag();
    const link = pickOne([
      '',
      `/tools/load-${randomInt(1000)}`,
      `https://example.com/tools/${tag}`,
    ]);
    const body = {
      name: `Load tool ${tag}`,
      icon: pickOne([
        'wallet',
        'game-controller',
        `https://example.com/icons/${randomInt(100)}.png`,
      ]),
      description: `A tool written under load, ${tag}.`,
      link,
    };
    await this.writeOwn(this.tools, body, (id) => ({
      id,
      name: body.name,
      icon: body.icon,
      description: body.description,
      link: link || null,
    }));
    await this.readOwn(this.tools);
  };

  private readonly writeNotification = async () => {
    const tag = this.tag();
    const body = { title: `Notice ${tag}`, message: `Written under load, ${tag}.` };
    await this.writeOwn(this.notifications, body, (id) => ({
      id,
      title: body.title,
      message: body.message,
      created_by: this.session.userId,
    }));
    await this.readOwn(this.notifications);
  };
}

/** What the setup works with: a few connections of its own, and the setup's recorder. */
type SetupContext = { http: HttpClient; recorder: Recorder; ledger: Ledger };

/** Answers the request's JSON, or throws: the run cannot start without it. */
async function must(ctx: SetupContext, call: Call, what: string): Promise<Row> {
  const answer = await ctx.http.send(ctx.recorder, call);
  if (answer === undefined) {
    const failure = ctx.recorder.failures.at(-1);
    throw new Error(`Setup failed to ${what}: ${failure?.route} ${failure?.detail}`);
  }
  return answer as Row;
}

const SETUP_FROM = '10.0.0.1';

async function signIn(ctx: SetupContext, email: string, password: string) {
  const route = 'POST /api/login';
  const body = { email, password };
  const { token } = await must(
    ctx,
    { method: 'POST', route, path: '/api/login', body, expect: 200, from: SETUP_FROM },
    `sign in as ${email}`,
  );
  return token as string;
}

/**
 * Signs the administrator in, registers and signs in the players, and books the rows that exist
 * before the load: the users and the demo tools.
 */
export async function setUp(
  options: { port: number; timeoutMs: number; recorder: Recorder; ledger: Ledger },
  players: number,
  admin: { email: string; password: string },
) {
  const ctx: SetupContext = {
    http: new HttpClient(options.port, options.timeoutMs, SIGN_UPS_AT_ONCE),
    recorder: options.recorder,
    ledger: options.ledger,
  };
  try {
    return await setUpWith(ctx, players, admin);
  } finally {
    ctx.http.close();
  }
}

async function setUpWith(
  ctx: SetupContext,
  playerCount: number,
  adminAccount: { email: string; password: string },
) {
  const adminToken = await signIn(ctx, adminAccount.email, adminAccount.password);
  const me = await must(
    ctx,
    {
      method: 'GET',
      route: 'GET /api/me',
      path: '/api/me',
      token: adminToken,
      expect: 200,
      from: SETUP_FROM,
    },
    'read the administrator',
  );
  ctx.ledger.users.create(me as { id: number; username: string; email: string; role: string });

  const players: Session[] = [];
  let next = 0;
  const registerNext = async () => {
    for (let i = next++; i < playerCount; i = next++) {
      const body = { username: `player${i}`, email: `player${i}@load.example`, password: PASSWORD };
      const user = await must(
        ctx,
        {
          method: 'POST',
          route: 'POST /api/register',
          path: '/api/register',
          body,
          expect: 201,
          from: SETUP_FROM,
        },
        `register ${body.username}`,
      );
      ctx.ledger.users.create({
        id: user.id as number,
        username: body.username,
        email: body.email,
        role: 'user',
      });
      players.push({ userId: user.id as number, token: await signIn(ctx, body.email, PASSWORD) });
    }
  };
  await Promise.all(Array.from({ length: SIGN_UPS_AT_ONCE }, registerNext));

  const tools = await must(
    ctx,
    {
      method: 'GET',
      route: 'GET /api/tools',
      path: '/api/tools?limit=1000',
      expect: 200,
      from: SETUP_FROM,
    },
    'list the tools',
  );
  for (const tool of tools as unknown as ExpectedTool[]) {
    ctx.ledger.tools.create({
      id: tool.id,
      name: tool.name,
      icon: tool.icon,
      description: tool.description,
      link: tool.link,
    });
  }
  const blogs = await must(
    ctx,
    {
      method: 'GET',
      route: 'GET /api/blogs',
      path: '/api/blogs?limit=1000',
      expect: 200,
      from: SETUP_FROM,
    },
    'list the blog posts',
  );
  return {
    admin: { userId: me.id as number, token: adminToken },
    players,
    blogIds: (blogs as unknown as { id: number }[]).map((blog) => blog.id),
  };
}

/**
 * Runs `clients` virtual clients, a few administrators and the rest players, for `durationMs`;
 * answers the time they took, up to the last answer.
 */
export async function runClients(
  ctx: LoadContext,
  sessions: { admin: Session; players: Session[] },
  clients: number,
  durationMs: number,
  setup: Recorder,
) {
  const admins = Math.max(1, Math.round(clients / 50));
  const all = Array.from({ length: clients }, (_, index) =>
    index < admins
      ? new AdminClient(ctx, index, sessions.admin)
      : new PlayerClient(ctx, index, sessions.players[index % sessions.players.length]!),
  );
  // Connections are opened before the clock starts, a few at a time, as visitors arrive: a busy
  // Node server admits one new connection per event-loop turn, so a burst of a hundred at full
  // load would measure that queue rather than the API.
  for (let i = 0; i < all.length; i += CONNECTIONS_AT_ONCE) {
    await Promise.all(all.slice(i, i + CONNECTIONS_AT_ONCE).map((client) => client.connect(setup)));
  }
  const started = performance.now();
  const deadline = Date.now() + durationMs;
  await Promise.all(all.map((client) => client.run(deadline)));
  return performance.now() - started;
}
