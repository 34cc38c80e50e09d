import { PAGE_MODULES, type TPageRoute } from '@nexusplay/contract/page-modules';
import { describe, expect, it } from 'vitest';
import { pageModules } from './page-modules';

describe('the page modules the server preloads', () => {
  it.each(Object.keys(PAGE_MODULES) as TPageRoute[])(
    'names the module the web app loads for %s',
    async (route) => {
      // From the web app's root, as the build's manifest names modules.
      const named = `/${PAGE_MODULES[route]}`;
      expect(await pageModules[route]()).toBe(await import(/* @vite-ignore */ named));
    },
  );
});
