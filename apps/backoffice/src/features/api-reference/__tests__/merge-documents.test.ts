import { describe, expect, it } from 'vitest';
import { apiDocsPath, serviceForPath, serviceNames, type ServiceName } from '@repo/contracts';
import { integratorInfo } from '../lib/integrator-info.ts';
import { mergeServiceDocuments, type OpenApiDocument, type ServiceDocument } from '../lib/merge-documents.ts';

// What every service's document shares, as the kit writes it: the error shape and the three ways to show a session.
const apiError = { type: 'object', properties: { error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } } } };
const securitySchemes = {
  bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
  customerCookie: { type: 'apiKey', in: 'cookie', name: 'session' },
  staffCookie: { type: 'apiKey', in: 'cookie', name: 'staff_session' },
};
const errorRef = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } } };
const operation = (tag: string) => ({ tags: [tag], responses: { 200: { description: 'OK' }, 401: errorRef } });

/** A service document with the paths it owns, plus the health routes every service has and the gateway never routes. */
function serviceDocument(service: ServiceName, paths: string[], extra: Partial<OpenApiDocument> = {}): ServiceDocument {
  return {
    service,
    document: {
      openapi: '3.1.0',
      info: { title: `${service} service`, version: '1.0.0' },
      paths: Object.fromEntries(
        [...paths, apiDocsPath(service), '/healthz', '/readyz'].map((path) => [path, { get: operation(path.split('/')[2] ?? 'health') }]),
      ),
      components: { schemas: { ApiError: apiError }, securitySchemes },
      ...extra,
    },
  };
}

const documents: ServiceDocument[] = [
  serviceDocument('booking', ['/api/appointments', '/api/appointments/{id}', '/api/customer/appointments', '/api/service-systems'], {
    tags: [{ name: 'appointments' }, { name: 'docs' }],
  }),
  serviceDocument('accounts', ['/api/auth/login', '/api/admin/login', '/api/admin/staff/{id}/password'], {
    tags: [{ name: 'docs', description: 'OpenAPI documents' }],
  }),
  serviceDocument('tracking', ['/api/technicians', '/api/technicians/{id}', '/api/tracking/{trackingId}']),
  serviceDocument('payments', ['/api/create-payment-intent', '/api/payments/{paymentIntentId}', '/api/payments']),
  serviceDocument('notifications', []),
];
const top = integratorInfo(documents, { webOrigin: 'https://example.com', backofficeOrigin: 'https://backoffice.example.com' });

describe('merging the services’ API documents', () => {
  it('keeps every path the gateway routes to its service, and only those', () => {
    const { document } = mergeServiceDocuments(documents, top);
    const routed = documents.flatMap(({ service, document: part }) => Object.keys(part.paths!).filter((path) => serviceForPath(path) === service));
    expect(Object.keys(document.paths!).sort()).toEqual(routed.sort());
    for (const { document: part } of documents) {
      for (const path of Object.keys(part.paths!).filter((path) => serviceForPath(path))) expect(document.paths![path]).toEqual(part.paths![path]);
    }
    // Every document's own route is there; the health routes each service answers on its own port are not.
    expect(serviceNames.map((service) => Boolean(document.paths![apiDocsPath(service)]))).toEqual(serviceNames.map(() => true));
    expect(document.paths!['/healthz']).toBeUndefined();
  });

  it('keeps one copy of each shared component, renaming none', () => {
    const { document, renamed } = mergeServiceDocuments(documents, top);
    expect(renamed).toEqual([]);
    expect(document.components).toEqual({ schemas: { ApiError: apiError }, securitySchemes });
  });

  it('renames a component two services define differently and points the later service’s references at it', () => {
    const differentError = { ...apiError, description: 'Not the same' };
    const clash = serviceDocument('tracking', ['/api/technicians'], { components: { schemas: { ApiError: differentError }, securitySchemes } });
    const { document, renamed } = mergeServiceDocuments([documents[0]!, clash], top);
    expect(renamed).toEqual([{ service: 'tracking', from: 'ApiError', to: 'tracking.ApiError' }]);
    expect(document.components!.schemas).toEqual({ ApiError: apiError, 'tracking.ApiError': differentError });
    const responses = (document.paths!['/api/technicians']!.get as { responses: Record<string, typeof errorRef> }).responses;
    expect(responses[401]!.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/tracking.ApiError' });
    const bookingResponses = (document.paths!['/api/appointments']!.get as { responses: Record<string, typeof errorRef> }).responses;
    expect(bookingResponses[401]!.content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ApiError' });
  });

  it('joins tags by name, keeping a description one of them has', () => {
    expect(mergeServiceDocuments(documents, top).document.tags).toEqual([{ name: 'appointments' }, { name: 'docs', description: 'OpenAPI documents' }]);
  });

  it('says who it is for, how to sign in and where to send calls', () => {
    const { document } = mergeServiceDocuments(documents, top);
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.title).toBe('St Augustine Appliance Repair API');
    expect(document.info.description).toContain('POST /api/admin/login');
    expect(document.info.version).toBe('booking 1.0.0, accounts 1.0.0, tracking 1.0.0, payments 1.0.0, notifications 1.0.0');
    expect(document.servers).toEqual([
      { url: 'https://example.com', description: 'The public site' },
      { url: 'https://backoffice.example.com', description: 'The back office (where a staff session cookie is kept)' },
    ]);
  });
});
