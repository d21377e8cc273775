import { describe, expect, it } from 'vitest';
import { appPages } from '@repo/contracts';
import { prerenderedPaths, robotsTxt, sitemapXml, unlistedPaths } from '../paths.ts';

describe('prerendered paths', () => {
  it('lists pages in the sitemap and closes unlisted ones to crawlers', () => {
    expect(sitemapXml('https://example.com', ['/', '/careers'])).toContain('<loc>https://example.com/careers</loc>');
    const robots = robotsTxt('https://example.com', ['/font-examples']);
    expect(robots).toContain('Disallow: /font-examples');
    expect(robots).toContain('Sitemap: https://example.com/sitemap.xml');
  });

  it('prerenders the privacy policy and SMS terms and lists them in the sitemap', () => {
    for (const path of ['/privacy', '/sms-terms']) {
      expect(prerenderedPaths).toContain(path);
      expect(unlistedPaths).not.toContain(path);
    }
  });

  it('prerenders only pages the gateways serve', () => {
    for (const path of prerenderedPaths) expect(appPages.web).toContain(path);
  });
});
