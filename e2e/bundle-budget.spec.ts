import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { expect, test } from './fixtures.js';

/**
 * The front-end budgets, read from the build's manifest and checked again in Chromium: what a
 * first visit to the home page downloads, and which code stays out of the pages anyone can see.
 */

/** Gzipped JavaScript of a first visit to / (Vite's kB: 1000 bytes). */
const FIRST_VISIT_JS_BUDGET = 130_000;
/** The home page's module; a chunk of its own only while the route loads it on demand. */
const HOME_ROUTE = 'src/app/routes/home.tsx';
const ROUTES_DIR = 'src/app/routes/';
const ADMIN_ROUTES_DIR = 'src/app/routes/admin/';
/** Chunk names given in vite.config.ts to the rich-text editor's and the charts' libraries. */
const SIGNED_IN_ONLY_LIBRARIES = ['editor', 'charts'];
/** Screens of signed-in tools that are loaded on demand and bring those libraries along. */
const SIGNED_IN_ONLY_MODULES = [
  'src/features/blogs/components/rich-text-editor.tsx',
  'src/features/income/components/income-chart.tsx',
  'src/features/wallets/components/portfolio-history-chart.tsx',
];
/** Pages anyone can open, as the e2e server (seeded with demo content) answers them. */
const PUBLIC_PAGES = ['/', '/games', '/blogs', '/blogs/1', '/tools', '/about'];

type ManifestChunk = {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
};
type Manifest = Record<string, ManifestChunk>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDist = path.resolve(process.env.E2E_WEB_DIST ?? path.join(root, 'apps/web/dist'));

function readManifest(): Manifest {
  const file = path.join(webDist, '.vite', 'manifest.json');
  if (!fs.existsSync(file)) throw new Error(`${file} is missing: build the web app first`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
}

/** The chunks that load with `keys`: they and everything they import, statically, in turn. */
function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...keys];
  while (pending.length > 0) {
    const key = pending.pop()!;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}`);
    seen.add(key);
    pending.push(...(chunk.imports ?? []));
  }
  return seen;
}

function entryKey(manifest: Manifest): string {
  const keys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
  expect(keys, 'one entry in the manifest').toHaveLength(1);
  return keys[0]!;
}

/** The chunks a first visit to / loads: the entry's, and the home route's if it is apart. */
function firstVisitChunks(manifest: Manifest): Set<string> {
  const homeRoute = manifest[HOME_ROUTE] ? [HOME_ROUTE] : [];
  return staticClosure(manifest, [entryKey(manifest), ...homeRoute]);
}

/** Code no public page may load: the admin area, the editor and the charts. */
function isSignedInOnly(key: string, chunk: ManifestChunk): boolean {
  return (
    key.startsWith(ADMIN_ROUTES_DIR) ||
    Boolean(chunk.name?.startsWith('admin-')) ||
    SIGNED_IN_ONLY_LIBRARIES.includes(chunk.name ?? '') ||
    SIGNED_IN_ONLY_MODULES.includes(key)
  );
}

const gzipSize = (content: Buffer) => zlib.gzipSync(content).length;

test.describe('bundle budget', () => {
  test('a first visit to / needs at most 130 kB of gzipped JavaScript', () => {
    const manifest = readManifest();
    const chunks = [...firstVisitChunks(manifest)].map((key) => {
      const file = manifest[key]!.file;
      return { file, gzip: gzipSize(fs.readFileSync(path.join(webDist, file))) };
    });
    const total = chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);
    const table = chunks
      .sort((a, b) => b.gzip - a.gzip)
      .map(({ file, gzip }) => `${(gzip / 1000).toFixed(2).padStart(8)} kB  ${file}`)
      .join('\n');
    console.log(`First visit to /: ${(total / 1000).toFixed(2)} kB gzipped\n${table}`);
    expect(total).toBeLessThanOrEqual(FIRST_VISIT_JS_BUDGET);
  });

  test('no page outside the admin area statically imports admin, editor or chart code', () => {
    const manifest = readManifest();
    const pages = Object.keys(manifest).filter(
      (key) => key.startsWith(ROUTES_DIR) && !key.startsWith(ADMIN_ROUTES_DIR),
    );
    expect(pages.length).toBeGreaterThan(0);
    for (const start of [entryKey(manifest), ...pages]) {
      const offending = [...staticClosure(manifest, [start])].filter((key) =>
        isSignedInOnly(key, manifest[key]!),
      );
      expect(offending, `what ${start} loads with it`).toEqual([]);
    }
    // The check above means something only while those chunks exist under these names.
    const names = Object.values(manifest).map((chunk) => chunk.name);
    for (const name of SIGNED_IN_ONLY_LIBRARIES) expect(names).toContain(name);
  });

  test('Chromium downloads on / exactly the JavaScript the manifest predicts', async ({ page }) => {
    const manifest = readManifest();
    const predicted = [...firstVisitChunks(manifest)]
      .map((key) => `/${manifest[key]!.file}`)
      .sort();

    const bodies: Array<Promise<[string, Buffer]>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      bodies.push(response.body().then((body) => [new URL(response.url()).pathname, body]));
    });
    await page.goto('/');
    await expect(
      page.getByRole('region', { name: 'Popular Web 3 Games' }).getByRole('link').first(),
    ).toBeVisible();
    await page.waitForLoadState('networkidle');

    const downloaded = await Promise.all(bodies);
    expect(downloaded.map(([pathname]) => pathname).sort()).toEqual(predicted);
    const total = downloaded.reduce((sum, [, body]) => sum + gzipSize(body), 0);
    expect(total).toBeLessThanOrEqual(FIRST_VISIT_JS_BUDGET);
  });

  test('scripts travel compressed to browsers that accept it', async ({ page }) => {
    const manifest = readManifest();
    const entry = manifest[entryKey(manifest)]!.file;
    const original = fs.readFileSync(path.join(webDist, entry));
    for (const encoding of ['br', 'gzip']) {
      const response = await page.request.get(`/${entry}`, {
        headers: { 'Accept-Encoding': encoding },
      });
      expect(response.headers()['content-encoding']).toBe(encoding);
      expect(response.headers()['content-type']).toMatch(/javascript/);
      expect((await response.body()).equals(original)).toBe(true);
    }
  });

  test('the public pages never download admin, editor or chart code', async ({ page }) => {
    const manifest = readManifest();
    const signedInOnly = new Set(
      Object.entries(manifest)
        .filter(([key, chunk]) => isSignedInOnly(key, chunk))
        .map(([, chunk]) => `/${chunk.file}`),
    );
    const downloaded: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') downloaded.push(new URL(request.url()).pathname);
    });
    for (const pagePath of PUBLIC_PAGES) {
      await page.goto(pagePath);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
    }
    expect(downloaded.length).toBeGreaterThan(0);
    expect(downloaded.filter((pathname) => signedInOnly.has(pathname))).toEqual([]);
  });
});
