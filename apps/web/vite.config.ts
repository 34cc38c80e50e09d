import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';
import { APP_ICONS, appIcons } from './build/app-icons';

const apiOrigin = 'http://127.0.0.1:3000';
/** Tailwind's slate-950, the page's background (styles.css) and index.html's theme-color. */
const THEME_COLOR = '#020617';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const COMPRESSIBLE = /\.(js|css|svg)$/;
/** Below this, a compressed copy saves less than the headers it needs. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes a Brotli and a gzip copy next to every text file of the build, compressed once and as
 * hard as the formats allow, which the server sends to browsers that accept them.
 */
function precompress(): Plugin {
  return {
    name: 'nexusplay:precompress',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      if (!dir) return;
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const target = path.join(dir, file);
          const content = await fs.readFile(target);
          if (content.length < COMPRESS_MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.writeFile(`${target}.br`, br), fs.writeFile(`${target}.gz`, gz)]);
        }),
      );
    },
  };
}

/**
 * The installable app: its manifest, and the service worker (src/sw.ts) with the list of files to
 * precache. The page registers the worker itself (main.tsx), in a few lines of the entry rather
 * than with the plugin's registration module, which would be one more script on a first visit.
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    registerType: 'autoUpdate',
    injectRegister: false,
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'NexusPlay',
      short_name: 'NexusPlay',
      description:
        'Discover Web3 games, read the latest insights and track your play with gaming tools.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: THEME_COLOR,
      background_color: THEME_COLOR,
      icons: APP_ICONS,
    },
    injectManifest: {
      // The shell: the page, its styles, icons and every screen's code except the libraries only
      // editors and admins load (the editor, the charts), which are kept once used (sw.ts).
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      globIgnores: ['**/editor-*.js', '**/charts-*.js', '**/rich-text-editor-*.js', 'uploads/**'],
    },
  });
}

export default defineConfig({
  plugins: [react(), tailwindcss(), appIcons(import.meta.dirname), installableApp(), precompress()],
  resolve: {
    // `source` lets the contract package be consumed as TypeScript, without a build step.
    conditions: ['source', ...defaultClientConditions],
  },
  server: {
    proxy: {
      '/api': apiOrigin,
      '/uploads': apiOrigin,
    },
  },
  build: {
    outDir: 'dist',
    // Lists every chunk and what it imports; the bundle budget check reads it.
    manifest: true,
    rolldownOptions: {
      treeshake: {
        // The contract's schemas are built by calls on `z` that the bundler cannot prove free of
        // side effects, so a page that needs only a constant from a contract module would get
        // every schema of the module, and zod, as well. Building a schema has no side effect;
        // a call on `z` made for its effect alone (such as z.config) must therefore not be written.
        manualPureFunctions: ['z'],
      },
      output: {
        codeSplitting: {
          // Libraries change far less often than the app, so they get long-cached files of their
          // own. The editor and the charts, used by a few signed-in screens only, are named so
          // that the bundle budget check can tell that no public page loads them.
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, tags: ['$initial'] },
            // What the entry needs goes in one file with it rather than in a few small shared
            // ones, each of which would cost a request and its headers before the first paint.
            { name: 'app', tags: ['$initial'] },
            { name: 'editor', test: /node_modules[\\/](@tiptap|prosemirror-[^\\/]+)[\\/]/ },
            { name: 'charts', test: /node_modules[\\/](recharts|victory-vendor|d3-[^\\/]+)[\\/]/ },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
