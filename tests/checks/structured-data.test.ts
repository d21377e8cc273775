import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Validator, { type ValidationIssue } from '@adobe/structured-data-validator';
import { describe, expect, it } from 'vitest';

// The JSON-LD of every prerendered page of the public site, checked with Adobe's structured-data validator: Google's
// rich-result rules of the types it knows (JobPosting, Organization, Brand and others; it has none for LocalBusiness,
// Service or FAQPage). Its schema.org layer (unknown types and properties) needs schema.org's vocabulary file, which
// it does not ship and nothing installed here does: it runs without it, offline. Then what the pages must say: the
// business's towns, the brand pages' towns as their text names them, a complete job posting.

const dist = path.resolve(import.meta.dirname, '../../apps/web/dist');

/**
 * The towns served, written out to check the pages against: the last two are named by the structured data (and a
 * county card) only.
 */
const specTowns = [
  'St Augustine',
  'St Augustine Beach',
  'Vilano Beach',
  'Palm Coast',
  'Flagler Beach',
  'Ponte Vedra Beach',
  'Ponte Vedra',
  'Nocatee',
  'Crescent Beach',
  'Summer Haven',
  'Ormond Beach',
  'Beverly Beach',
  'Marineland',
];
/** The area the brand pages serve. */
const brandPageTowns = ['St Augustine', 'St Augustine Beach', 'Palm Coast', 'Ponte Vedra Beach'];

/**
 * Warnings accepted, by the type of the item and the field: each is a recommendation that does not fit this site.
 * Any other warning fails, like every error.
 */
const acceptedWarnings: { type: string; field: string; why: string }[] = [
  { type: 'JobPosting', field: 'jobLocationType', why: 'the job is on site; Google knows only TELECOMMUTE, for remote jobs' },
  {
    type: 'JobPosting',
    field: 'applicantLocationRequirements',
    why: 'the job is on site at jobLocation; Google asks where applicants may live only for remote jobs',
  },
];

type JsonLd = Record<string, unknown> & { '@type': string };
type Page = { route: string; html: string; text: string; jsonLd: JsonLd[] };

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'", '#x27': "'" };

/** The text a visitor reads: the body without scripts, styles and tags, entities decoded, spaces collapsed. */
function visibleText(html: string): string {
  const body = html.slice(html.indexOf('<body'));
  return body
    .replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&(#?\w+);/g, (whole, name: string) => entities[name] ?? whole)
    .replace(/\s+/g, ' ');
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return htmlFiles(file);
    return entry.name.endsWith('.html') ? [file] : [];
  });
}

function readPages(): Page[] {
  if (!existsSync(path.join(dist, 'index.html'))) {
    throw new Error(`${dist}/index.html is missing: build the site first (pnpm build, or pnpm --filter @repo/web build).`);
  }
  return htmlFiles(dist)
    .map((file) => {
      const relative = path.relative(dist, file).split(path.sep).join('/');
      const route = `/${relative.replace(/(^|\/)index\.html$/, '')}`;
      const html = readFileSync(file, 'utf8');
      const jsonLd = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((match) => {
        try {
          return JSON.parse(match[1] ?? '') as JsonLd;
        } catch (error) {
          throw new Error(`${route}: a JSON-LD block is not JSON (${String(error)}): ${match[1]?.slice(0, 200)}`);
        }
      });
      return { route, html, text: visibleText(html), jsonLd };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

const pages = readPages();
const page = (route: string) => {
  const found = pages.find((candidate) => candidate.route === route);
  if (!found) throw new Error(`${route} is not among the prerendered pages: ${pages.map((p) => p.route).join(', ')}`);
  return found;
};
const item = (route: string, type: string) => {
  const found = page(route).jsonLd.find((data) => data['@type'] === type);
  if (!found) throw new Error(`${route} has no ${type} in its JSON-LD`);
  return found;
};
const names = (areaServed: unknown) => (areaServed as { '@type': string; name: string }[]).map((place) => place.name);

/** The validator's issues with one page's JSON-LD, grouped by type as the web-auto-extractor the validator expects. */
async function validate(jsonLd: readonly JsonLd[]): Promise<ValidationIssue[]> {
  const byType: Record<string, object[]> = {};
  for (const data of jsonLd) (byType[data['@type']] ??= []).push(structuredClone(data));
  return new Validator().validate({ jsonld: byType });
}

/** The issue's type: that of the item it is about, the top-level one when the path says no other. */
const issueType = (issue: ValidationIssue) => issue.path?.at(-1)?.type ?? issue.rootType;
const accepted = (issue: ValidationIssue) =>
  issue.severity === 'WARNING' &&
  acceptedWarnings.some(({ type, field }) => issueType(issue) === type && (issue.fieldNames ?? []).includes(field));
const describeIssue = (issue: ValidationIssue) =>
  `${issue.severity} in ${issue.rootType}${(issue.path ?? []).map((step) => (step.property ? `.${step.property}` : '')).join('')}: ${issue.issueMessage}`;

/** Which towns served the text names; a town inside a longer one (St Augustine in St Augustine Beach) does not count. */
function townsNamedIn(text: string): string[] {
  let rest = text.replace(/\bSt\. /g, 'St ');
  const named: string[] = [];
  for (const town of [...specTowns].sort((a, b) => b.length - a.length)) {
    const pattern = new RegExp(`\\b${town.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'g');
    if (pattern.test(rest)) named.push(town);
    rest = rest.replace(pattern, ' ');
  }
  return named;
}

/** A path of the site (from a full address on its origin) as a file of the build. */
const builtFile = (url: string) => path.join(dist, decodeURIComponent(new URL(url).pathname));

describe('structured data of the prerendered public site', () => {
  it('is on the home, careers and brand pages, each block schema.org JSON-LD with a type', () => {
    const withJsonLd = pages.filter((candidate) => candidate.jsonLd.length > 0).map((candidate) => candidate.route);
    expect(withJsonLd).toEqual(expect.arrayContaining(['/', '/careers', '/sub-zero-repair', '/wolf-repair']));
    for (const { route, jsonLd } of pages) {
      for (const data of jsonLd) {
        expect(data['@context'], route).toBe('https://schema.org');
        expect(typeof data['@type'], route).toBe('string');
      }
    }
  });

  it.each(pages.filter((candidate) => candidate.jsonLd.length > 0).map((candidate) => candidate.route))(
    "%s: the validator finds no error, and no warning but the accepted ones",
    async (route) => {
      const issues = await validate(page(route).jsonLd);
      expect(issues.filter((issue) => !accepted(issue)).map(describeIssue)).toEqual([]);
    },
  );

  it('the validator does check: a job posting without date, employer or country fails it', async () => {
    const posting = structuredClone(item('/careers', 'JobPosting')) as JsonLd & { jobLocation: { address: Record<string, unknown> } };
    delete posting.datePosted;
    delete posting.hiringOrganization;
    delete posting.jobLocation.address.addressCountry;
    const errors = (await validate([posting])).filter((issue) => issue.severity === 'ERROR');
    expect(errors.flatMap((issue) => issue.fieldNames)).toEqual(
      expect.arrayContaining(['datePosted', 'hiringOrganization', 'jobLocation.address.addressCountry']),
    );
  });

  it('the home page has the LocalBusiness serving every town, each named on the page', () => {
    const business = item('/', 'LocalBusiness');
    expect([...names(business.areaServed)].sort()).toEqual([...specTowns].sort());
    expect(townsNamedIn(page('/').text).sort()).toEqual([...specTowns].sort());
    expect(existsSync(builtFile(business.logo as string)), `logo ${String(business.logo)}`).toBe(true);
    expect(existsSync(builtFile(business.image as string)), `image ${String(business.image)}`).toBe(true);
  });

  it.each(['/sub-zero-repair', '/wolf-repair'])(
    '%s: its Service serves the four towns its text names, provided by the LocalBusiness',
    (route) => {
      const service = item(route, 'Service');
      const business = item(route, 'LocalBusiness');
      const shown = townsNamedIn(page(route).text);
      expect([...shown].sort()).toEqual([...brandPageTowns].sort());
      expect([...names(service.areaServed)].sort()).toEqual([...shown].sort());
      expect(service.provider).toEqual({ '@id': business['@id'] });
      expect([...names(business.areaServed)].sort()).toEqual([...specTowns].sort());
    },
  );

  it('the careers page has a complete job posting, open today', () => {
    const posting = item('/careers', 'JobPosting');
    const today = new Date().toISOString().slice(0, 10);
    expect(posting).toMatchObject({
      title: expect.any(String),
      description: expect.stringMatching(/^<p>.{50,}<\/p>$/s),
      identifier: { '@type': 'PropertyValue', name: expect.any(String), value: expect.stringMatching(/\S/) },
      employmentType: 'FULL_TIME',
      hiringOrganization: { '@type': 'Organization', name: 'St Augustine Appliance Repair', sameAs: expect.any(String), logo: expect.any(String) },
      jobLocation: {
        '@type': 'Place',
        address: {
          '@type': 'PostalAddress',
          streetAddress: expect.stringMatching(/\S/),
          addressLocality: 'St Augustine',
          addressRegion: 'FL',
          postalCode: expect.stringMatching(/^\d{5}$/),
          addressCountry: 'US',
        },
      },
      baseSalary: {
        '@type': 'MonetaryAmount',
        currency: 'USD',
        value: { '@type': 'QuantitativeValue', minValue: 45_000, maxValue: 65_000, unitText: 'YEAR' },
      },
    });
    // Dates as ISO 8601 days: posted by today, still open today (the build's day: it rolls forward with each build).
    expect(posting.datePosted).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(posting.validThrough).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(String(posting.datePosted) <= today, `posted ${String(posting.datePosted)}`).toBe(true);
    expect(String(posting.validThrough) >= today, `valid through ${String(posting.validThrough)}`).toBe(true);
    const organization = posting.hiringOrganization as { logo: string; sameAs: string };
    expect(existsSync(builtFile(organization.logo)), `logo ${organization.logo}`).toBe(true);
    expect(new URL(organization.sameAs).pathname).toBe('/');
  });
});
