import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { applyPageHead, createHeadCollector, HeadCollectorProvider, renderPageHead, usePageHead, type PageHead } from '../page-head.tsx';
import { useDocumentTitle } from '../document-title.ts';

const head: PageHead = {
  title: 'Careers | Shop',
  description: 'Jobs "here" & <now>',
  keywords: 'jobs',
  canonicalUrl: 'https://example.com/careers',
  imageUrl: 'https://example.com/share.jpg',
  structuredData: [{ '@type': 'JobPosting', title: '</script><b>' }],
};

describe('renderPageHead', () => {
  it('writes escaped tags, and JSON-LD that cannot close its script element', () => {
    const html = renderPageHead(head);
    expect(html).toContain('<title>Careers | Shop</title>');
    expect(html).toContain('<meta name="description" content="Jobs &quot;here&quot; &amp; &lt;now&gt;" />');
    expect(html).toContain('<link rel="canonical" href="https://example.com/careers" />');
    expect(html).toContain('<meta property="og:image" content="https://example.com/share.jpg" />');
    expect(html).toContain('\\u003c/script>\\u003cb>');
    expect(html).not.toContain('</script><b>');
  });
});

describe('applyPageHead', () => {
  it('replaces what the previous page set instead of adding to it', () => {
    applyPageHead(head);
    applyPageHead({ title: 'Home | Shop', description: 'Home', canonicalUrl: 'https://example.com/', structuredData: [] });
    expect(document.title).toBe('Home | Shop');
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe('https://example.com/');
    expect(document.head.querySelector('meta[name="keywords"]')).toBeNull();
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(0);
  });
});

describe('while prerendering', () => {
  it('collects the head during render, from usePageHead and useDocumentTitle alike', () => {
    function Page() {
      usePageHead(head);
      return null;
    }
    function TitledPage() {
      useDocumentTitle('Service Payment', 'Pay online');
      return null;
    }
    const collector = createHeadCollector();
    render(
      <HeadCollectorProvider collector={collector}>
        <Page />
      </HeadCollectorProvider>,
    );
    expect(collector.head).toEqual(head);
    const titles = createHeadCollector();
    render(
      <HeadCollectorProvider collector={titles}>
        <TitledPage />
      </HeadCollectorProvider>,
    );
    expect(titles.head).toMatchObject({ title: 'Service Payment | St Augustine Appliance Repair', description: 'Pay online' });
  });
});
