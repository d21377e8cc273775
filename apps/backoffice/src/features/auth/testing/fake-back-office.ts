import { vi } from 'vitest';
import { backOfficeLogoutPath, backOfficeSessionPath, type BackOfficeUser } from '@repo/contracts';

/** People for tests: one of each back-office role. */
export const people = {
  admin: { id: 1, name: 'Office Owner', email: 'owner@example.com', role: 'admin', technicianId: null },
  staff: { id: 2, name: 'Dana Dispatch', email: 'dispatch@example.com', role: 'staff', technicianId: null },
  technician: { id: 3, name: 'Mike Johnson', email: 'mike@example.com', role: 'technician', technicianId: 'tech_mike' },
} satisfies Record<string, BackOfficeUser>;

export type FakeCall = { method: string; path: string; credentials: RequestCredentials | undefined; authorization: string | null; body: unknown };
type Handler = (call: FakeCall) => Response | Promise<Response>;

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A stand-in for the gateway in jsdom tests, as `fetch`: the session (what the httpOnly cookie would carry) is
 * `state.user`; sign-in with `password` for any of `people` sets it, logout clears it. Other calls answer what `on`
 * registered, else 404. Every call is recorded.
 */
export function fakeBackOffice({ user = null, password = 'right-password' }: { user?: BackOfficeUser | null; password?: string } = {}) {
  const state = { user };
  const calls: FakeCall[] = [];
  const handlers = new Map<string, Handler>();
  handlers.set(`GET ${backOfficeSessionPath}`, () => json({ user: state.user }));
  handlers.set(`POST ${backOfficeLogoutPath}`, () => {
    state.user = null;
    return json({ message: 'Logged out' });
  });
  handlers.set('POST /api/admin/login', ({ body }) => {
    const { email, password: given } = body as { email: string; password: string };
    const person = Object.values(people).find((candidate) => candidate.email === email);
    if (!person || given !== password) return json({ error: { code: 'UNAUTHORIZED', message: 'Invalid credentials' } }, 401);
    state.user = person;
    return json({ token: 'header.payload.signature', user: person });
  });

  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), window.location.origin);
    const call: FakeCall = {
      method: init?.method ?? 'GET',
      path: url.pathname,
      credentials: init?.credentials,
      authorization: new Headers(init?.headers).get('authorization'),
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const handler = handlers.get(`${call.method} ${call.path}`);
    return handler ? handler(call) : json({ error: { code: 'NOT_FOUND', message: 'Not found' } }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    state,
    calls,
    /** Answers `METHOD /path` with `handler` from now on. */
    on: (route: string, handler: Handler) => void handlers.set(route, handler),
    json,
  };
}
