import { describe, expect, it } from 'vitest';
import { htmlFileFor, isPrerenderedFor, normalizePath, robotsTxt, sitemapXml } from '../paths.ts';

describe('prerendered paths', () => {
  it('writes / as index.html and other routes as <route>/index.html', () => {
    expect(htmlFileFor('/')).toBe('index.html');
    expect(htmlFileFor('/careers')).toBe('careers/index.html');
    expect(htmlFileFor('/careers/')).toBe('careers/index.html');
  });

  it('hydrates only the page the HTML was prerendered for', () => {
    expect(normalizePath('/careers/')).toBe('/careers');
    expect(isPrerenderedFor('/careers', '/careers/')).toBe(true);
    expect(isPrerenderedFor('/', '/no-such-page')).toBe(false);
    expect(isPrerenderedFor(undefined, '/')).toBe(false);
  });

  it('lists pages in the sitemap and closes unlisted ones to crawlers', () => {
    expect(sitemapXml('https://example.com', ['/', '/careers'])).toContain('<loc>https://example.com/careers</loc>');
    const robots = robotsTxt('https://example.com', ['/font-examples']);
    expect(robots).toContain('Disallow: /font-examples');
    expect(robots).toContain('Sitemap: https://example.com/sitemap.xml');
  });
});
