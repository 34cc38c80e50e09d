import type { APIRequestContext, APIResponse, Page } from '@playwright/test';
import { E2E_ADMIN, expect, newIdentity, test } from './fixtures.js';
import { XSS_MARKER_PATTERN, XSS_PAYLOADS, xssMarker, type XssPayload } from './xss-payloads.js';

/*
 * Stored XSS, end to end. Every payload of the corpus is saved through the real API into every
 * text field a page shows, then every page that shows those fields is visited in Chromium, as a
 * guest, as the owner of the personal tools and as an admin. A field whose rules refuse a payload
 * must answer a plain 400 in the one error shape; what it accepts must stay inert.
 *
 * A payload that runs sets `window.__xss` or opens a dialog. Under this site's CSP no inline
 * script can run at all, so that check alone could never fail; each tour is therefore made twice:
 *  - with the CSP enforced, the CSP must report nothing. A violation of our own code (eval, or one
 *    of our files blocked) is a broken page. A violation caused by stored content means a payload
 *    reached the DOM as live markup and only the CSP stopped it: that fails too, as sanitising and
 *    escaping are meant to keep hostile markup from ever reaching the CSP, the second line.
 *  - with the CSP bypassed, sanitising and escaping stand alone, and nothing may run.
 * On every screen the DOM is also searched for markup only a payload could have put there (event
 * handler attributes, script-capable URLs, frames, scripts, meta refresh), which catches what
 * would run only on a click. Every first screen must show stored payload text, so a page that
 * rendered nothing cannot pass, and every payload a free-text field stored must reach the screen.
 */

type TextField = { key: string; code: string; label: string; kind: 'text' };
/** A field with a format (address, URL, icon, username): it gets the bare payload, no marker. */
type FormattedField = {
  key: string;
  code: string;
  label: string;
  kind: 'formatted';
  /** What stands in when the payload is refused and the row's other fields are still stored. */
  safe?: (id: number) => string;
  /** What any value this field accepted must look like. */
  harmless: (value: string) => boolean;
  /** Cut the payload to the field's longest value, so that its format, not its length, decides. */
  fit?: number;
};
type Field = TextField | FormattedField;

type Target = {
  name: string;
  path: string;
  as: 'admin' | 'user' | 'guest';
  multipart?: boolean;
  fields: Field[];
  fixed?: (id: number) => Record<string, string | number>;
  /** The id of a created row that every visitor shares, so that it is removed afterwards. */
  sharedId?: (body: unknown) => number;
  /** Checks of the stored row beyond the fields' own (the server's HTML sanitising). */
  checkStored?: (body: unknown) => void;
};

const text = (key: string, code: string, label: string): TextField => ({
  key,
  code,
  label,
  kind: 'text',
});

const isWebUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const ARTICLE_TAGS = ['b', 'i', 'em', 'strong', 'a', 'p', 'h1', 'h2', 'ul', 'li'];
const SUMMARY_TAGS = ['b', 'i', 'em', 'strong', 'a', 'p'];

/** The server's sanitiser escapes every `<` of text, so each `<` left opens an allowed tag. */
function expectSanitised(html: string, tags: string[], where: string) {
  for (const [tag, name, attributes] of html.matchAll(/<\/?([a-zA-Z][\w:-]*)([^>]*)>/g)) {
    expect(tags, `${where} kept ${tag}`).toContain(name!.toLowerCase());
    const rest = attributes!.replace(/^\s*href="(?:https?:|mailto:)[^"]*"/i, '').trim();
    expect(rest === '' || rest === '/', `${where} kept ${tag}`).toBe(true);
  }
}

const SEED_DATE = '2025-06-01';
/** The contract's longest username. */
const USERNAME_MAX = 32;
const WALLET_ADDRESS = /^(0x|ronin:)[0-9a-f]{40}$/i;

const TARGETS: Target[] = [
  {
    name: 'games',
    path: '/api/games',
    as: 'admin',
    multipart: true,
    fields: [
      text('name', 'gn', 'game name'),
      text('description', 'gd', 'game description'),
      {
        key: 'link',
        code: 'gl',
        label: 'game link',
        kind: 'formatted',
        safe: (id) => `https://example.com/games/${id}`,
        harmless: isWebUrl,
      },
    ],
    sharedId: (body) => (body as { id: number }).id,
  },
  {
    name: 'blogs',
    path: '/api/blogs',
    as: 'admin',
    multipart: true,
    fields: [
      text('title', 'bt', 'blog title'),
      text('content', 'bc', 'blog content'),
      text('description', 'bd', 'blog description'),
      text('author', 'ba', 'blog author'),
    ],
    fixed: () => ({ date: SEED_DATE }),
    sharedId: (body) => (body as { id: number }).id,
    checkStored: (body) => {
      const blog = body as { id: number; content: string; description: string | null };
      expectSanitised(blog.content, ARTICLE_TAGS, `stored content of post ${blog.id}`);
      expectSanitised(blog.description ?? '', SUMMARY_TAGS, `stored summary of post ${blog.id}`);
    },
  },
  {
    name: 'tools',
    path: '/api/tools',
    as: 'admin',
    fields: [
      text('name', 'tn', 'tool name'),
      text('description', 'td', 'tool description'),
      {
        key: 'icon',
        code: 'ti',
        label: 'tool icon',
        kind: 'formatted',
        safe: () => 'wrench',
        harmless: (value) => /^[a-z0-9]+(?:[-_ ][a-z0-9]+)*$/i.test(value) || isWebUrl(value),
      },
      {
        key: 'link',
        code: 'tl',
        label: 'tool link',
        kind: 'formatted',
        safe: () => '',
        harmless: (value) => /^\/(?!\/)[\w\-./~%?=&#]*$/.test(value) || isWebUrl(value),
      },
    ],
    sharedId: (body) => (body as { id: number }).id,
  },
  {
    name: 'notifications',
    path: '/api/admin-notifications',
    as: 'admin',
    fields: [
      text('title', 'nt', 'notification title'),
      text('message', 'nm', 'notification message'),
    ],
    sharedId: (body) => (body as { notification: { id: number } }).notification.id,
  },
  {
    name: 'wallets',
    path: '/api/wallets',
    as: 'user',
    fields: [
      text('wallet_name', 'wn', 'wallet name'),
      {
        key: 'wallet_address',
        code: 'wa',
        label: 'wallet address',
        kind: 'formatted',
        safe: (id) => `0x${id.toString(16).padStart(40, '0')}`,
        harmless: (value) => WALLET_ADDRESS.test(value),
      },
      text('category', 'wc', 'wallet category'),
    ],
  },
  {
    name: 'links',
    path: '/api/links',
    as: 'user',
    fields: [
      text('title', 'lt', 'link title'),
      {
        key: 'url',
        code: 'lu',
        label: 'link URL',
        kind: 'formatted',
        safe: (id) => `https://example.com/links/${id}`,
        harmless: isWebUrl,
      },
      text('category', 'lc', 'link category'),
    ],
  },
  {
    name: 'income pixels',
    path: '/api/income-pixels',
    as: 'user',
    fields: [text('expense_description', 'ip', 'Pixels income description')],
    fixed: () => ({ income: 1, date: SEED_DATE }),
  },
  {
    name: 'income axs',
    path: '/api/income-axie',
    as: 'user',
    fields: [text('expense_description', 'ia', 'AXS income description')],
    fixed: () => ({ income: 1, date: SEED_DATE }),
  },
  {
    name: 'sign-up',
    path: '/api/register',
    as: 'guest',
    fields: [
      {
        key: 'username',
        code: 'ur',
        label: 'username (sign-up)',
        kind: 'formatted',
        fit: USERNAME_MAX,
        harmless: (value) => /^[\p{L}\p{N}._-]+$/u.test(value),
      },
    ],
    fixed: (id) => {
      const { email, password } = newIdentity(`xss${id}r`);
      return { email, password };
    },
    sharedId: (body) => (body as { id: number }).id,
  },
  {
    name: 'users',
    path: '/api/users',
    as: 'admin',
    fields: [
      {
        key: 'username',
        code: 'uu',
        label: 'username (admin)',
        kind: 'formatted',
        fit: USERNAME_MAX,
        harmless: (value) => /^[\p{L}\p{N}._-]+$/u.test(value),
      },
    ],
    fixed: (id) => ({ email: newIdentity(`xss${id}u`).email, role: 'user' }),
    sharedId: (body) => (body as { user: { id: number } }).user.id,
  },
];

type Tally = { stored: number; tooLong: number; badFormat: number };

type Seeded = {
  user: { id: number; token: string };
  adminToken: string;
  /** Per field code, the payloads it stored. */
  stored: Map<string, Set<number>>;
  tally: Map<string, Tally>;
  /** Every stored post, with the text its page must show. */
  posts: { id: number; marker: string }[];
  /** Rows every visitor shares, removed after the suite: [API path, id]. */
  shared: [string, number][];
};

let seeded: Seeded | undefined;

function send(
  api: APIRequestContext,
  target: Target,
  token: string | undefined,
  values: Record<string, string | number>,
): Promise<APIResponse> {
  const headers = token ? { authorization: `Bearer ${token}` } : undefined;
  return target.multipart
    ? api.post(target.path, { headers, multipart: values })
    : api.post(target.path, { headers, data: values });
}

/** A refusal must be a plain 400 in the one error shape, naming each refused field. */
async function refusedFields(res: APIResponse, where: string): Promise<Record<string, string>> {
  expect(res.status(), `${where}: ${await res.text()}`).toBe(400);
  expect(res.headers()['content-type'], where).toMatch(/^application\/json/);
  const body = (await res.json()) as { message?: unknown; errors?: Record<string, unknown> };
  expect(typeof body.message, where).toBe('string');
  expect(
    Object.keys(body).filter((key) => !['message', 'errors', 'error'].includes(key)),
    where,
  ).toEqual([]);
  const errors = body.errors ?? {};
  expect(Object.keys(errors).length, `${where}: no field named`).toBeGreaterThan(0);
  for (const message of Object.values(errors)) expect(typeof message, where).toBe('string');
  return errors as Record<string, string>;
}

async function seedOne(
  api: APIRequestContext,
  target: Target,
  token: string | undefined,
  payload: XssPayload,
  seed: Seeded,
) {
  const where = `${target.name} with payload ${payload.id}`;
  const values: Record<string, string | number> = { ...target.fixed?.(payload.id) };
  const valueOf = (field: Field) =>
    field.kind === 'text'
      ? `${xssMarker(field.code, payload.id)} ${payload.body}`
      : payload.body.slice(0, field.fit);
  for (const field of target.fields) values[field.key] = valueOf(field);
  let res = await send(api, target, token, values);
  const refused: Record<string, string> = res.ok() ? {} : await refusedFields(res, where);
  for (const key of Object.keys(refused)) {
    expect(
      target.fields.map((field) => field.key),
      `${where} refused a field it was not sent`,
    ).toContain(key);
  }
  const kept = target.fields.filter((field) => !(field.key in refused));
  for (const field of target.fields) {
    const tally = seed.tally.get(field.label)!;
    const reason = refused[field.key];
    if (reason === undefined) tally.stored += 1;
    else if (/at most/i.test(reason)) tally.tooLong += 1;
    else tally.badFormat += 1;
  }
  if (kept.length === 0) return;

  if (Object.keys(refused).length > 0) {
    for (const field of target.fields.filter((f) => f.key in refused)) {
      values[field.key] =
        field.kind === 'formatted' && field.safe ? field.safe(payload.id) : `refused ${payload.id}`;
    }
    res = await send(api, target, token, values);
  }
  expect(res.status(), `${where}: ${await res.text()}`).toBe(201);
  const body: unknown = await res.json();
  for (const field of kept) {
    seed.stored.get(field.code)!.add(payload.id);
    if (field.kind === 'formatted') {
      const value = valueOf(field).trim();
      expect(field.harmless(value), `${where} accepted "${value}"`).toBe(true);
    }
  }
  target.checkStored?.(body);
  if (target.sharedId) seed.shared.push([target.path, target.sharedId(body)]);
  if (target.name === 'blogs') {
    seed.posts.push({ id: (body as { id: number }).id, marker: xssMarker('bc', payload.id) });
  }
}

const HEAD_TAGS = ['html', 'head', 'meta', 'title', 'link', 'script'];
const HEAD_ATTRIBUTES = [
  ...['lang', 'charset', 'name', 'property', 'content'],
  ...['rel', 'type', 'href', 'src', 'crossorigin', 'as', 'fetchpriority'],
];

/**
 * The server writes a post's title and summary into the head of its page, where no sanitiser
 * runs: escaping must leave every tag and attribute there one that the template or server wrote.
 */
async function expectInertHead(api: APIRequestContext, id: number) {
  const html = await (await api.get(`/blogs/${id}`)).text();
  const head = html.slice(0, html.indexOf('</head>'));
  const tags: string[] = [];
  const attributes: string[] = [];
  for (const [, tag, rest] of head.matchAll(/<([a-zA-Z][\w-]*)([^>]*)>/g)) {
    tags.push(tag!.toLowerCase());
    for (const [, name] of rest!.matchAll(/\s([^\s=/]+)(?:="[^"]*")?/g)) attributes.push(name!);
  }
  const where = `the head of /blogs/${id}`;
  expect(
    tags.filter((tag) => !HEAD_TAGS.includes(tag)),
    where,
  ).toEqual([]);
  expect(
    attributes.filter((name) => !HEAD_ATTRIBUTES.includes(name)),
    where,
  ).toEqual([]);
  expect(
    tags.filter((tag) => tag === 'script'),
    where,
  ).toHaveLength(1);
}

async function tokenFor(api: APIRequestContext, email: string, password: string) {
  const res = await api.post('/api/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { token: string }).token;
}

async function seedAll(api: APIRequestContext): Promise<Seeded> {
  const identity = newIdentity('xssuser');
  const registered = await api.post('/api/register', { data: identity });
  expect(registered.status(), await registered.text()).toBe(201);
  const seed: Seeded = {
    user: {
      id: ((await registered.json()) as { id: number }).id,
      token: await tokenFor(api, identity.email, identity.password),
    },
    adminToken: await tokenFor(api, E2E_ADMIN.email, E2E_ADMIN.password),
    stored: new Map(TARGETS.flatMap((t) => t.fields).map((f) => [f.code, new Set<number>()])),
    tally: new Map(
      TARGETS.flatMap((t) => t.fields).map((f) => [
        f.label,
        { stored: 0, tooLong: 0, badFormat: 0 },
      ]),
    ),
    posts: [],
    shared: [],
  };
  const tokens = { admin: seed.adminToken, user: seed.user.token, guest: undefined };
  for (const target of TARGETS) {
    await Promise.all(
      XSS_PAYLOADS.map((payload) => seedOne(api, target, tokens[target.as], payload, seed)),
    );
  }

  // Every payload in one post as well, so that they meet each other's unclosed markup. With no
  // description, the server writes one from the opening of the text.
  const together = await api.post('/api/blogs', {
    headers: { authorization: `Bearer ${seed.adminToken}` },
    multipart: {
      title: `${xssMarker('bx', 0)} every payload in one post`,
      author: 'xss',
      date: SEED_DATE,
      content: XSS_PAYLOADS.map((p) => `${xssMarker('bx', p.id)} ${p.body}`).join('\n'),
    },
  });
  expect(together.status(), await together.text()).toBe(201);
  const post = (await together.json()) as { id: number; content: string; description: string };
  expectSanitised(post.content, ARTICLE_TAGS, 'stored content of the combined post');
  expectSanitised(post.description, SUMMARY_TAGS, 'stored summary of the combined post');
  seed.posts.push({ id: post.id, marker: xssMarker('bx', 1) });
  await Promise.all(seed.posts.map((p) => expectInertHead(api, p.id)));
  seed.shared.push(['/api/blogs', post.id]);
  return seed;
}

function describeTally(seed: Seeded) {
  const lines = [...seed.tally].map(
    ([label, t]) =>
      `  ${label.padEnd(28)} stored ${String(t.stored).padStart(2)}  refused ${String(
        t.tooLong + t.badFormat,
      ).padStart(2)} (too long ${t.tooLong}, format ${t.badFormat})`,
  );
  return `${XSS_PAYLOADS.length} payloads per field:\n${lines.join('\n')}`;
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(60_000);
  const api = await playwright.request.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    seeded = await seedAll(api);
  } finally {
    await api.dispose();
  }
  console.log(describeTally(seeded));
  // Free text has no format to refuse, so it must have stored payloads for the pages to show.
  for (const field of TARGETS.flatMap((t) => t.fields).filter((f) => f.kind === 'text')) {
    expect(seeded.tally.get(field.label)!.badFormat, field.label).toBe(0);
    expect(seeded.stored.get(field.code)!.size, field.label).toBeGreaterThan(0);
  }
});

test.afterAll(async ({ playwright }) => {
  if (!seeded) return;
  const api = await playwright.request.newContext({
    baseURL: process.env.E2E_BASE_URL,
    extraHTTPHeaders: { authorization: `Bearer ${seeded.adminToken}` },
  });
  // Deleting the account takes its wallets, links and income records with it.
  const rows = [...seeded.shared, ['/api/users', seeded.user.id] as const];
  try {
    await Promise.all(
      rows.map(async ([path, id]) => {
        const res = await api.delete(`${path}/${id}`);
        expect(res.status(), `DELETE ${path}/${id}`).toBe(200);
      }),
    );
  } finally {
    seeded = undefined;
    await api.dispose();
  }
});

/** What the page reports back: a payload's flag, a dialog, a CSP violation. */
type Probe = { page: Page; ownCode: string[]; fromContent: string[]; ran: string[] };

type Report =
  | { kind: 'flag'; value: string }
  | {
      kind: 'csp';
      blockedURI: string;
      directive: string;
      sourceFile: string;
      line: number;
      sample: string;
    };

async function armPage(page: Page, origin: string, token?: string): Promise<Probe> {
  const probe: Probe = { page, ownCode: [], fromContent: [], ran: [] };
  await page.exposeBinding('__xssReport', ({ frame }, report: Report) => {
    if (report.kind === 'flag') {
      probe.ran.push(`window.__xss = ${report.value} on ${frame.url()}`);
      return;
    }
    const line = `${report.directive} blocked ${report.blockedURI || '(none)'} from ${
      report.sourceFile || frame.url()
    }:${report.line} ${report.sample}`;
    // The bundle holds no inline script or handler, so only eval or one of our own files blocked
    // is our code's fault; inline code and foreign addresses come from stored content.
    const ours =
      ['eval', 'wasm-eval'].includes(report.blockedURI) ||
      report.blockedURI.startsWith(`${origin}/`);
    (ours ? probe.ownCode : probe.fromContent).push(line);
  });
  await page.addInitScript((value) => {
    const target = window as unknown as {
      __xss?: unknown;
      __xssReport?: (report: unknown) => Promise<void>;
    };
    const report = (data: unknown) => void target.__xssReport?.(data);
    let flag: unknown;
    Object.defineProperty(window, '__xss', {
      configurable: false,
      get: () => flag,
      set: (next: unknown) => {
        flag = next;
        report({ kind: 'flag', value: String(next) });
      },
    });
    document.addEventListener(
      'securitypolicyviolation',
      (event) =>
        report({
          kind: 'csp',
          blockedURI: event.blockedURI,
          directive: event.effectiveDirective,
          sourceFile: event.sourceFile,
          line: event.lineNumber,
          sample: event.sample,
        }),
      true,
    );
    if (value && window === window.top) localStorage.setItem('token', value);
  }, token);
  page.on('dialog', (dialog) => {
    probe.ran.push(`${dialog.type()} "${dialog.message()}" on ${page.url()}`);
    void dialog.dismiss();
  });
  // Payload addresses point elsewhere; nothing leaves this machine, and nothing waits on it.
  await page.route(
    (url) => url.origin !== origin,
    (route) => route.abort(),
  );
  return probe;
}

/**
 * Runs in the page: lets payloads that would fire on load (broken images, toggles, focus) have
 * their chance, then returns the text on screen and any markup only stored content could have put
 * there, found without running it.
 */
async function scanScreen(): Promise<{ text: string; live: string[] }> {
  const deadline = Date.now() + 2000;
  const pending = () =>
    Array.from(document.images).some((img) => img.loading !== 'lazy' && !img.complete);
  while (pending() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
  await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50)));

  const found: string[] = [];
  const scriptScheme = /^(?:javascript|vbscript|data):/i;
  const urlAttributes = new Set([
    'href',
    'xlink:href',
    'src',
    'action',
    'formaction',
    'data',
    'to',
    'values',
    'from',
  ]);
  const describe = (element: Element) => element.outerHTML.slice(0, 160);
  for (const element of Array.from(document.querySelectorAll('*'))) {
    for (const { name, value } of Array.from(element.attributes)) {
      const attribute = name.toLowerCase();
      // Browsers ignore control characters and spaces in a scheme, so the check does too.
      const squeezed = Array.from(value)
        .filter((char) => char.charCodeAt(0) > 0x20)
        .join('');
      const imageData = element.tagName === 'IMG' && /^data:image\//i.test(squeezed);
      if (attribute.startsWith('on') || attribute === 'srcdoc') found.push(describe(element));
      else if (urlAttributes.has(attribute) && scriptScheme.test(squeezed) && !imageData) {
        found.push(describe(element));
      }
    }
  }
  const root = document.getElementById('root');
  const foreign =
    'script, iframe, frame, object, embed, base, meta, link, math, template, noscript, svg a, svg script, svg foreignObject, svg animate, svg set';
  for (const element of Array.from(root?.querySelectorAll(foreign) ?? [])) {
    found.push(describe(element));
  }
  for (const element of Array.from(
    document.head.querySelectorAll('script, base, meta[http-equiv]'),
  )) {
    const own = element.tagName === 'SCRIPT' && element.getAttribute('src')?.startsWith('/assets/');
    if (!own) found.push(describe(element));
  }
  return { text: document.body.innerText, live: found };
}

const ANY_MARKER = new RegExp(XSS_MARKER_PATTERN.source);

/** Checks the screen on show and records which stored payloads it displays. */
async function inspect(
  probe: Probe,
  seen: Map<string, Set<number>>,
  where: string,
  markers = true,
) {
  const { page } = probe;
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  const { text, live } = await page.evaluate(scanScreen);
  if (markers) expect(text, `${where}: no stored payload on screen`).toMatch(ANY_MARKER);
  for (const [, code, id] of text.matchAll(new RegExp(XSS_MARKER_PATTERN.source, 'g'))) {
    if (!seen.has(code!)) seen.set(code!, new Set());
    seen.get(code!)!.add(Number(id));
  }
  // One comparison, so that a failure shows every kind of evidence at once.
  const evidence = {
    payloadsThatRan: probe.ran,
    cspBlockedOurOwnCode: probe.ownCode,
    cspBlockedStoredContent: probe.fromContent,
    liveMarkupFromStoredContent: live,
  };
  expect(evidence, where).toEqual({
    payloadsThatRan: [],
    cspBlockedOurOwnCode: [],
    cspBlockedStoredContent: [],
    liveMarkupFromStoredContent: [],
  });
}

/** Runs `step` and waits until the screen has changed and finished loading. */
async function changeScreen(page: Page, step: () => Promise<void>) {
  const before = await page.locator('main').innerText();
  await step();
  await expect.poll(async () => (await page.locator('main').innerText()) !== before).toBe(true);
  await expect(page.getByRole('button', { name: 'Loading...' })).toHaveCount(0);
}

/** Visits a page, then every further page of it through "Load more" or "Next". */
async function tour(
  probe: Probe,
  seen: Map<string, Set<number>>,
  path: string,
  more?: { button: 'Load more' } | { pages: string },
) {
  const { page } = probe;
  await page.goto(path);
  const withMarker = page.locator('main').filter({ hasText: ANY_MARKER });
  if (!more) {
    await expect(withMarker).toBeVisible();
    await inspect(probe, seen, path);
    return;
  }
  const next =
    'button' in more
      ? page.getByRole('button', { name: more.button })
      : page.getByRole('navigation', { name: more.pages }).getByRole('button', { name: 'Next' });
  // Newer rows of other suites may fill the first page and push the payloads to a later one;
  // expectShown() checks in the end that each was on screen somewhere.
  await expect(withMarker.or(next).first()).toBeVisible();
  await inspect(probe, seen, path, false);
  for (let step = 2; ; step += 1) {
    if ('button' in more ? !(await next.isVisible()) : await next.isDisabled()) return;
    await changeScreen(page, () => next.click());
    // Later pages may hold only rows other suites or the demo content added.
    await inspect(probe, seen, `${path}, step ${step}`, false);
  }
}

/**
 * The posts' own pages, every `every`-th one and the last (the one holding every payload at once).
 * Some are loaded from the server, whose HTML carries the post's title and summary in its head;
 * the rest are reached the way the app moves between its pages, which renders the same and is
 * much quicker.
 */
async function readPosts(probe: Probe, seen: Map<string, Set<number>>, every: number) {
  const { page } = probe;
  const posts = seeded!.posts;
  for (const [index, post] of posts.entries()) {
    const last = index === posts.length - 1;
    if (index % every !== 0 && !last) continue;
    const path = `/blogs/${post.id}`;
    if (index % 20 === 0 || last) await page.goto(path);
    else {
      await page.evaluate((to) => {
        history.pushState(null, '', to);
        dispatchEvent(new PopStateEvent('popstate'));
      }, path);
    }
    await expect(page.locator('main')).toContainText(post.marker);
    await inspect(probe, seen, path);
  }
}

function expectShown(seen: Map<string, Set<number>>, codes: string[]) {
  for (const code of codes) {
    const missing = [...seeded!.stored.get(code)!].filter((id) => !seen.get(code)?.has(id));
    expect(missing, `payloads stored in ${code} but never on screen`).toEqual([]);
  }
}

/*
 * What a page builds does not depend on the CSP, so the one page per post, the longest part of a
 * tour, is read in full once, where a payload would run, and sampled with the CSP enforced.
 */
for (const mode of [
  { title: 'with the CSP enforced', bypassCSP: false, everyPost: 10 },
  { title: 'with the CSP bypassed, sanitising alone', bypassCSP: true, everyPost: 1 },
]) {
  test.describe(`stored payloads stay inert ${mode.title}`, () => {
    test.use({ bypassCSP: mode.bypassCSP });
    test.describe.configure({ timeout: 120_000 });

    test('public pages, as a guest', async ({ page, baseURL }) => {
      const probe = await armPage(page, new URL(baseURL!).origin);
      const seen = new Map<string, Set<number>>();
      await tour(probe, seen, '/');
      await tour(probe, seen, '/games', { button: 'Load more' });
      await tour(probe, seen, '/blogs', { button: 'Load more' });
      await tour(probe, seen, '/tools');
      await readPosts(probe, seen, mode.everyPost);
      // Only a post's own page shows its content and author.
      const whole = mode.everyPost === 1 ? ['bc', 'ba'] : [];
      expectShown(seen, ['gn', 'gd', 'bt', 'bd', 'tn', 'td', ...whole]);
    });

    test('personal pages, as their owner', async ({ page, baseURL }) => {
      const probe = await armPage(page, new URL(baseURL!).origin, seeded!.user.token);
      const seen = new Map<string, Set<number>>();
      await tour(probe, seen, '/dashboard');
      await tour(probe, seen, '/tools/wallet', { pages: 'Wallet pages' });
      await tour(probe, seen, '/tools/link', { pages: 'Link pages' });
      await tour(probe, seen, '/tools/incomepixels');
      await tour(probe, seen, '/tools/incomeaxie');
      expectShown(seen, ['nt', 'nm', 'wn', 'wc', 'lt', 'lc', 'ip', 'ia']);
    });

    test('admin pages, as an admin', async ({ page, baseURL }) => {
      const probe = await armPage(page, new URL(baseURL!).origin, seeded!.adminToken);
      const seen = new Map<string, Set<number>>();
      await tour(probe, seen, '/admin');
      await tour(probe, seen, '/admin/games', { pages: 'Games pages' });
      await tour(probe, seen, '/admin/blogs', { pages: 'Blog pages' });
      await tour(probe, seen, '/admin/tools', { pages: 'Tool pages' });
      await tour(probe, seen, '/admin/notifications');
      // No username payload is ever accepted, so this table has none to show.
      await page.goto('/admin/users');
      await expect(page.getByRole('table', { name: 'Users' })).toContainText('@');
      await inspect(probe, seen, '/admin/users', false);
      expectShown(seen, ['gn', 'gd', 'bt', 'ba', 'tn', 'td', 'nt', 'nm']);
    });
  });
}
