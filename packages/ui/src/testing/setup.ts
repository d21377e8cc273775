import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// The apps and this kit run their test files with `isolate: false`: files share a worker and its jsdom window, so
// React, Mantine, MSW and Testing Library, which Node loads from node_modules, load once instead of once per file.
// What Vitest itself evaluated for an earlier file (the app's and this kit's own modules) is evaluated afresh for this
// one, as in a worker of its own: a module's state (a Stripe.js load, "the app has hydrated", the toast count) starts
// over, and the file's `vi.mock`s reach every module that imports what they mock. The kit's modules below are imported
// after the reset, so this file's fake API server is the one its tests answer with.
vi.resetModules();
const { dismissToasts } = await import('../toast.ts');
const { apiServer, listenForApiRequests } = await import('./api.ts');

// A route's code loads on first visit and the machine may be busy: queries that wait (findBy…, waitFor) wait up to 10 s.
configure({ asyncUtilTimeout: 10_000 });

/** jsdom lacks the layout APIs Mantine reads; these stand-ins answer "no match" and "no size". */
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

window.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

window.HTMLElement.prototype.scrollIntoView ??= () => {};

beforeAll(listenForApiRequests);

afterEach(() => {
  cleanup();
  dismissToasts();
  window.localStorage.clear();
  apiServer.resetHandlers();
});

afterAll(() => apiServer.close());
