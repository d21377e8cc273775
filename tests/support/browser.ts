import { type Browser, type BrowserContext, type Page, type Route } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { chromiumPath, launchChromium } from '../../scripts/chromium.ts';

export { chromiumPath };
export const launchBrowser = launchChromium;

export const viewports = {
  desktop: { width: 1280, height: 800 },
  mid: { width: 900, height: 800 },
  mobile: { width: 375, height: 740 },
} as const;

/** Fails the test on any uncaught page error or console error, which a person would meet as a broken page. */
export async function collectPageErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  // A blocked eval or inline script is reported to DevTools as an issue, not as a console error, even when the page's
  // code catches it (zod's eval probe did): surface every CSP violation as a console error.
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`Content-Security-Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  page.on('pageerror', (err) => errors.push(err.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** One Chromium for the test file: launched before its tests, closed after them. */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
  });
  return () => {
    if (!browser) throw new Error('The browser is not running yet.');
    return browser;
  };
}

/**
 * The prerendered HTML is interactive once React has hydrated all of it. The root gets React's container key as soon
 * as hydration starts, but lazy parts hydrate later (under load, seconds later), so wait until every link and button
 * in the page carries React's props: only then does a click reach its handler.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    if (!root || !Object.keys(root).some((key) => key.startsWith('__reactContainer'))) return false;
    const hydrated = (element: Element) => Object.keys(element).some((key) => key.startsWith('__reactProps'));
    return Array.from(root.querySelectorAll('a, button, summary, input, select, textarea')).every(hydrated);
  });
}

/**
 * Holds every module script (all but the small boot script) until released, so the prerendered page cannot hydrate:
 * what a visitor on a slow phone meets for the first seconds.
 */
export async function holdModuleScripts(context: BrowserContext): Promise<{ release: () => Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  await context.route(/\/assets\/(?!boot-)[^/?]+\.js(\?|$)/, async (route) => {
    if (released) await route.continue();
    else held.push(route);
  });
  return {
    release: async () => {
      released = true;
      // A request of a page already left is gone; continuing it fails, which is fine.
      await Promise.all(held.splice(0).map((route) => route.continue().catch(() => undefined)));
    },
  };
}
