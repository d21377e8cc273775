import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, never a downloaded browser (CHROMIUM_PATH picks another). */
export const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Headless Chromium as the browser tests and the benchmarks drive it. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}
