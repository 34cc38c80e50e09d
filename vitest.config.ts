import { defineConfig } from 'vitest/config';

const postgresUrl = process.env.TEST_DATABASE_URL;

const serverProject = (engine: 'sqlite' | 'postgres') => ({
  extends: true as const,
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'], externalConditions: ['source'] } },
  test: {
    name: `server-${engine}`,
    root: 'apps/server',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    env: { TEST_ENGINE: engine },
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      'apps/web',
      serverProject('sqlite'),
      ...(postgresUrl ? [serverProject('postgres')] : []),
    ],
  },
});
