import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { effectHeaders } from '@repo/service-kit';
import { serviceNames } from '@repo/contracts';

/**
 * Accounts' `POST /internal/jobber/access-token` as booking's tests need it: the stored access token is `accessToken`
 * (null: Jobber not connected), and a renewal after a refusal gives none (this stand-in has no refresh token).
 * Accounts' own tests hold the real endpoint (signatures, renewal once for all). `asked` counts the signed questions.
 */
export async function accountsJobberStandIn(accessToken: string | null) {
  let asked = 0;
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const signed = request.headers[effectHeaders.signature.toLowerCase()] !== undefined && request.headers[effectHeaders.service.toLowerCase()] === 'booking';
      if (request.url !== '/internal/jobber/access-token' || !signed) {
        response.writeHead(401, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      asked++;
      const { refused } = JSON.parse(body || '{}') as { refused?: string };
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ accessToken: refused ? null : accessToken }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    asked: () => asked,
    /** PEER_URLS with accounts here and every other peer unreachable (as test services have them). */
    peerUrls: serviceNames.map((name) => `${name}=${name === 'accounts' ? url : 'http://127.0.0.1:9'}`).join(','),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
