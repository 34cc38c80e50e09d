import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webSrc = join(import.meta.dirname, 'apps/web/src');
const features = readdirSync(join(webSrc, 'features'));
const serverSrc = join(import.meta.dirname, 'apps/server/src');

/**
 * The web app's dependencies point one way: app -> features -> components, lib. A feature that
 * needs another's work is composed with it by the app instead, so each can change alone.
 */
const webBoundaries = [
  ...features.map((feature) => ({
    target: `./features/${feature}`,
    from: './features',
    except: [`./${feature}`],
    message: 'A feature does not import another feature; compose them in app/.',
  })),
  {
    target: './features',
    from: './app',
    message: 'Features do not import the app; the app composes them.',
  },
  {
    target: ['./components', './lib'],
    from: ['./features', './app'],
    message: 'Shared code does not import features or the app.',
  },
];

/**
 * A module's repositories are its own: only that module's files import them. The few modules that
 * share a repository say why here, and nothing else may join them silently.
 */
const sharedRepositories = {
  // Changing, deleting or resetting an account ends its sessions and drops its reset links in the
  // same transaction as the change, so the account's writes and the session rows commit together.
  auth: ['users', 'account'],
  // Signing in and resetting a password read the account they act on.
  users: ['auth', 'account'],
  // The account export writes each list with the module's own columns.
  income: ['account'],
  links: ['account'],
  wallets: ['account'],
  // The one personal-list shape: the repository helper wallets, links and income are built on.
  'personal-list': ['wallets', 'links', 'income', 'account'],
};
const serverModules = readdirSync(join(serverSrc, 'modules'));
const serverTopLevel = readdirSync(serverSrc).filter((entry) => entry !== 'modules');
const repositoryDoors = serverModules.map((module) => ({
  target: [
    ...serverTopLevel.map((entry) => `./${entry}`),
    ...serverModules
      .filter((other) => other !== module && !(sharedRepositories[module] ?? []).includes(other))
      .map((other) => `./modules/${other}`),
  ],
  from: `./modules/${module}/*.repository.ts`,
  message: `modules/${module}'s repositories are imported by that module only (shared ones are listed in eslint.config.js).`,
}));

/**
 * The public lists' HTTP cache is one mechanism behind one entry point: the rest of the server
 * imports http-cache/http-cache.ts only, never the cache, encodings or fast path behind it.
 */
const serverBoundaries = [
  {
    target: readdirSync(serverSrc)
      .filter((entry) => entry !== 'http-cache')
      .map((entry) => `./${entry}`),
    from: './http-cache',
    except: ['./http-cache.ts'],
    message:
      'Use the HTTP cache through http-cache/http-cache.ts; the rest of the folder is its own.',
  },
  {
    // The shared layers serve the modules; a module hands them what they need (app.ts gives the
    // auth plugin the auth module's session lookup; the Redis session channel and failure store
    // are modules/auth's own).
    target: ['./lib', './db', './http-cache', './plugins', './redis'],
    from: './modules',
    message:
      'lib/, db/, http-cache/, plugins/ and redis/ import nothing from modules/: a module hands them what they need.',
  },
  {
    // A module has one door: its routes parse, call its service and answer.
    target: './modules/*/*.routes.ts',
    from: './modules/*/*.repository.ts',
    message: 'A route file reads and writes through its module’s service, never a repository.',
  },
  ...repositoryDoors,
];

/*
 * Migrations are frozen once shipped: a fresh install must run exactly what earlier installs ran,
 * so a migration imports only Kysely, its helpers (db/migration-helpers.ts) and the HTML libraries
 * migration 0011 derives with; the helpers import only Kysely. What a migration needs from the
 * application (a list, a function, SQL) is copied into it as it was when it shipped.
 */
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const frozenMigrationImports = (allowed) => [
  'error',
  {
    patterns: [
      {
        regex: `^(?!(${allowed.map(escapeRegExp).join('|')})$)`,
        message:
          'A migration is frozen: it imports only kysely, ../migration-helpers.js and the libraries it names (the helpers only kysely); copy what it needs from the application into it, as it was when the migration shipped.',
      },
    ],
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: webSrc, zones: webBoundaries }],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.js'],
          // The server's imports name the .js its .ts compiles to.
          extensionAlias: { '.js': ['.ts', '.js'] },
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: serverSrc, zones: serverBoundaries }],
    },
  },
  {
    files: ['apps/server/src/db/migrations/**/*.ts'],
    rules: {
      'no-restricted-imports': frozenMigrationImports([
        'kysely',
        '../migration-helpers.js',
        'htmlparser2',
        'sanitize-html',
      ]),
    },
  },
  {
    files: ['apps/server/src/db/migration-helpers.ts'],
    rules: { 'no-restricted-imports': frozenMigrationImports(['kysely']) },
  },
);
