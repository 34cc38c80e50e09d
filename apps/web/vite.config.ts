import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const apiOrigin = 'http://127.0.0.1:3000';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
