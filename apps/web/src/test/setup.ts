import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { stubApi } from './fetch-stub';

// Route modules load lazily: the first render of a page in a run waits for its import, which on a
// busy two-core machine can take longer than the library's one-second default.
configure({ asyncUtilTimeout: 5000 });

// Pages read content as soon as they render; by default they find none, and nothing leaves the test.
beforeEach(() => {
  stubApi(() => undefined);
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// jsdom implements none of these; the router's scroll restoration, Radix's popper and the pages
// that scroll or honour reduced motion call them.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }) as unknown as MediaQueryList;
if (typeof window.ResizeObserver === 'undefined') {
  Object.defineProperty(window, 'ResizeObserver', {
    configurable: true,
    value: class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  });
}
