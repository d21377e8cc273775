import { backOfficeLogoutPath, backOfficeSessionPath, type BackOfficeUser } from '@repo/contracts';
import { fakeApi, json, type Answer } from '@repo/ui/testing/api';

/** People for tests: one of each back-office role. */
export const people = {
  admin: { id: 1, name: 'Office Owner', email: 'owner@example.com', role: 'admin', technicianId: null },
  staff: { id: 2, name: 'Dana Dispatch', email: 'dispatch@example.com', role: 'staff', technicianId: null },
  technician: { id: 3, name: 'Mike Johnson', email: 'mike@example.com', role: 'technician', technicianId: 'tech_mike' },
} satisfies Record<string, BackOfficeUser>;

/**
 * The gateway as the back office's sign-in sees it, on the shared fake API: the session (what the httpOnly cookie
 * would carry) is `state.user`; sign-in with `password` for any of `people` sets it, logout clears it. Other calls
 * answer what `on` registered, else 404. Every call is recorded.
 */
export function fakeBackOffice({ user = null, password = 'right-password' }: { user?: BackOfficeUser | null; password?: string } = {}) {
  const state = { user };
  const api = fakeApi({
    [`GET ${backOfficeSessionPath}`]: () => json(200, { user: state.user }),
    [`POST ${backOfficeLogoutPath}`]: () => {
      state.user = null;
      return json(200, { message: 'Logged out' });
    },
    'POST /api/admin/login': ({ body }) => {
      const { email, password: given } = body as { email: string; password: string };
      const person = Object.values(people).find((candidate) => candidate.email === email);
      if (!person || given !== password) return json(401, { error: { code: 'UNAUTHORIZED', message: 'Invalid credentials' } });
      state.user = person;
      return json(200, { token: 'header.payload.signature', user: person });
    },
  });

  return {
    state,
    calls: api.requests,
    /** Answers `METHOD /path` with `answer` from now on. */
    on: (route: string, answer: Answer) => api.answer(route, answer),
  };
}
