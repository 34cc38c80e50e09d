import { configDefaults, defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;

/*
 * The hostile tests (attacking files, parallel exports) time /api/health answers while they load
 * the server, so they measure it only on an otherwise idle machine: they run alone, after the
 * rest (vitest.hostile.config.ts, `npm run test:hostile`), never beside the other test files.
 */
const HOSTILE_FILES = [
  'test/modules/uploads/hostile-files.test.ts',
  'test/modules/account/hostile-exports.test.ts',
];

type Suite = 'server' | 'hostile';

const serverProject = (suite: Suite, engine: 'sqlite' | 'postgres') => ({
  extends: true as const,
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: `${suite}-${engine}`,
    root: 'apps/server',
    include: suite === 'hostile' ? HOSTILE_FILES : ['test/**/*.test.ts'],
    exclude: suite === 'hostile' ? [] : [...configDefaults.exclude, ...HOSTILE_FILES],
    environment: 'node',
    env: { TEST_ENGINE: engine },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

/** The server projects of a suite: SQLite, and PostgreSQL when TEST_DATABASE_URL is set. */
export const serverProjects = (suite: Suite) => [
  serverProject(suite, 'sqlite'),
  ...(postgresUrl ? [serverProject(suite, 'postgres')] : []),
];

export default defineConfig({
  test: {
    projects: ['apps/web', ...serverProjects('server')],
  },
});
