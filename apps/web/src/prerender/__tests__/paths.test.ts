import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapXml } from '../paths.ts';

describe('prerendered paths', () => {
  it('lists pages in the sitemap and closes unlisted ones to crawlers', () => {
    expect(sitemapXml('https://example.com', ['/', '/careers'])).toContain('<loc>https://example.com/careers</loc>');
    const robots = robotsTxt('https://example.com', ['/font-examples']);
    expect(robots).toContain('Disallow: /font-examples');
    expect(robots).toContain('Sitemap: https://example.com/sitemap.xml');
  });
});
