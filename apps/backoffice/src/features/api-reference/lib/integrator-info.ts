import type { OpenApiDocument, ServiceDocument } from './merge-documents.ts';

export type GatewayOrigins = { webOrigin: string; backofficeOrigin: string };

/** The combined document's title, introduction and servers: what an integrator needs before the first call. */
export function integratorInfo(parts: readonly ServiceDocument[], origins: GatewayOrigins): Pick<OpenApiDocument, 'info' | 'servers'> {
  const versions = parts.map(({ service, document }) => `${service} ${document.info.version}`).join(', ');
  const description = [
    'Every call of the booking, accounts, tracking and payments services. Each path answers through the gateway of every',
    "host (the public site, the portal and the back office), which sends it to the service that owns it.",
    '',
    '**Sessions.** Calls with a lock need a session: send `Authorization: Bearer <token>` with the token from',
    '`POST /api/auth/login` (customers) or `POST /api/admin/login` (staff), or the httpOnly session cookie a browser',
    'keeps. A state change authenticated by a cookie must come from one of the business\'s own sites.',
    '',
    '**Errors.** Every error answers the `ApiError` shape `{ "error": { "code", "message", "fields" } }`: `message` is',
    'written for a person, and `fields` (on 400) says what is wrong with each field.',
    '',
    `**Versions.** ${versions}.`,
  ].join('\n');
  const servers = [{ url: origins.webOrigin, description: 'The public site' }];
  if (origins.backofficeOrigin !== origins.webOrigin) servers.push({ url: origins.backofficeOrigin, description: 'The back office (where a staff session cookie is kept)' });
  return {
    info: { title: 'St Augustine Appliance Repair API', version: versions || 'none', description },
    servers,
  };
}
