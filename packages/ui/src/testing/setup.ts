import { afterAll, afterEach, beforeAll } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { dismissToasts } from '../toast.ts';
import { apiServer, listenForApiRequests } from './api.ts';

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
