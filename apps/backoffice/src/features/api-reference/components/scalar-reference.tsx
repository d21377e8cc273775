import { useEffect, useRef } from 'react';
import { createApiReference } from '@scalar/api-reference';
// The stylesheet as a file of its own, attached while the reference is on screen: it styles `body` and `:root`,
// which must not outlast the page in a single-page app.
import scalarStylesheet from '@scalar/api-reference/style.css?url';
import type { OpenApiDocument } from '../lib/merge-documents.ts';

/**
 * Scalar's light theme draws secondary text and code in greys and tints under 4.5:1 on its backgrounds (axe's
 * color-contrast); these are the same hues dark enough for WCAG AA on white and on its grey code panels.
 */
const readableColors = `.light-mode {
  --scalar-color-2: #595959;
  --scalar-color-3: #616161;
  --scalar-color-accent: #1d4ed8;
  --scalar-color-blue: #1d4ed8;
  --scalar-color-green: #166534;
  --scalar-color-red: #b91c1c;
  --scalar-color-orange: #9a3412;
  --scalar-color-yellow: #854d0e;
  --scalar-color-purple: #6b21a8;
}`;

/**
 * A code block's copy button is named by its language and "Copy", in spans Scalar shows only while the block is hovered
 * or has focus, so at rest the button has no name (axe's button-name). The copy inside its screen-reader-only label is
 * shown always (it stays visually hidden), each part a block so the name reads "cURL Copy".
 */
const namedCopyButtons = `.scalar-code-copy .sr-only > .hidden {
  display: block;
}
.scalar-code-copy .sr-only > .hidden > span {
  display: block;
}`;

/**
 * The sidebar's open and close buttons for a group are 22 px square (a 16 px icon in 3 px of padding); WCAG 2.2's
 * target size (axe's target-size) asks for 24: 4 px of padding, and the button 1 px further right so the icon stays
 * where it was.
 */
const largerSidebarToggles = `[data-sidebar-id] > .group\\/group-button > button[aria-expanded] {
  padding: 4px;
  margin-right: -1px;
}`;

/**
 * Our rules for the reference, attached to <head> while it is on screen (after Scalar's stylesheet). Given to Scalar as
 * `customCss`, they would be written into a style element inside its markup in <body>, where a style element may only
 * style its parent and what follows it (the Nu checker), and they style `body` (`.light-mode`).
 */
const referenceStyles = `${readableColors}\n${namedCopyButtons}\n${largerSidebarToggles}`;

/**
 * Scalar's options for a reference that works offline and under the back office's Content-Security-Policy: no fonts
 * from Scalar's CDN (the page's own fonts are used), no telemetry, no AI agent or MCP panel (both talk to Scalar's
 * servers and are on by default on localhost), no developer tools. The request client is hidden too: this is a
 * reference for integrators, and a staff member's test request would run with their own session against live data.
 * Our colours are in `referenceStyles`.
 */
const offlineOptions = {
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
  mcp: { disabled: true },
  showDeveloperTools: 'never',
  hideClientButton: true,
  hideTestRequestButton: true,
  hideDarkModeToggle: true,
  forceDarkModeState: 'light',
  documentDownloadType: 'json',
  _integration: 'react',
} as const;

/** Waits for a stylesheet link, so the reference never shows unstyled. */
function attachStylesheet(href: string): { link: HTMLLinkElement; loaded: Promise<void> } {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const loaded = new Promise<void>((resolve, reject) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => reject(new Error(`The stylesheet ${href} did not load.`)), { once: true });
  });
  document.head.appendChild(link);
  return { link, loaded };
}

/** `css` as a style element at the end of <head>. */
function attachStyle(css: string): HTMLStyleElement {
  const style = document.createElement('style');
  style.textContent = css;
  document.head.appendChild(style);
  return style;
}

/** Keeps Scalar's sticky sidebar under the back office's sticky header, whose height changes as its links wrap. */
function followHeaderHeight(container: HTMLElement): () => void {
  const header = document.querySelector<HTMLElement>('.app-header');
  if (!header) return () => undefined;
  const observer = new ResizeObserver(() => container.style.setProperty('--scalar-custom-header-height', `${header.offsetHeight}px`));
  observer.observe(header);
  return () => observer.disconnect();
}

/** Renders `document` with Scalar (a Vue app) in a container React leaves alone. Loaded only with this page. */
export default function ScalarReference({ document: openApiDocument, onError }: { document: OpenApiDocument; onError: (error: Error) => void }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const stylesheet = attachStylesheet(scalarStylesheet);
    const styles = attachStyle(referenceStyles);
    const stopFollowing = followHeaderHeight(element);
    let reference: ReturnType<typeof createApiReference> | undefined;
    let cancelled = false;
    stylesheet.loaded.then(
      () => {
        if (!cancelled) reference = createApiReference(element, { content: openApiDocument, ...offlineOptions });
      },
      (error: Error) => !cancelled && onError(error),
    );
    return () => {
      cancelled = true;
      reference?.destroy();
      stopFollowing();
      stylesheet.link.remove();
      styles.remove();
    };
  }, [openApiDocument, onError]);

  return <div ref={container} />;
}
