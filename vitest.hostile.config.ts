import { defineConfig } from 'vitest/config';
import { serverProjects } from './vitest.config.js';

/** The hostile tests on each engine, one file and one engine after the other (see vitest.config.ts). */
export default defineConfig({
  test: {
    projects: serverProjects('hostile'),
    fileParallelism: false,
  },
});
