import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { authMessages, currentSessionPath, type Customer } from '@repo/contracts';
import { ApiRequestError } from '../api-client.ts';
import { fetchSignedInCustomer, signedInCustomerQuery, useSignedInCustomer } from '../signed-in-customer.ts';
import { fakeApi, json } from '../testing/api.ts';

const customer: Customer = {
  id: 7,
  firstName: 'Pat',
  lastName: 'Rivera',
  email: 'pat@example.com',
  phone: '(904) 555-0142',
  address: null,
  isAdmin: false,
  emailVerified: true,
  phoneVerified: false,
  serviceProCustomerId: null,
  createdAt: '2026-01-05T14:00:00.000Z',
  lastLogin: null,
};

/** The session call answered by `answer`; every request recorded. */
const serve = (answer: () => Response) => fakeApi({ [`GET ${currentSessionPath}`]: answer }).requests;

describe('fetchSignedInCustomer', () => {
  it('asks GET /api/auth/session with the session cookie and no bearer header, and answers the customer', async () => {
    const sent = serve(() => json(200, { customer }));
    await expect(fetchSignedInCustomer()).resolves.toEqual(customer);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'GET', path: currentSessionPath, credentials: 'include' });
    expect(sent[0]!.headers.get('authorization')).toBeNull();
  });

  it('answers null for a visitor', async () => {
    serve(() => json(200, { customer: null }));
    await expect(fetchSignedInCustomer()).resolves.toBeNull();
  });

  it('throws when the server cannot say, so a page can offer to try again rather than take the customer for a visitor', async () => {
    serve(() => json(503, { error: { code: 'SERVICE_UNAVAILABLE', message: authMessages.sessionCheckUnavailable } }));
    const error = await fetchSignedInCustomer().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect((error as ApiRequestError).status).toBe(503);
    expect((error as ApiRequestError).apiError?.message).toBe(authMessages.sessionCheckUnavailable);
  });
});

describe('useSignedInCustomer', () => {
  function renderWithClient() {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    return { client, ...renderHook(() => useSignedInCustomer(), { wrapper }) };
  }

  it('keys the answer by the call path and asks again when that key is invalidated', async () => {
    let answer = json(200, { customer: null });
    const sent = serve(() => answer);
    const { client, result } = renderWithClient();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBeNull();
    expect(signedInCustomerQuery().queryKey).toEqual([currentSessionPath]);
    expect(client.getQueryData([currentSessionPath])).toBeNull();

    answer = json(200, { customer });
    await client.invalidateQueries({ queryKey: [currentSessionPath] });
    await waitFor(() => expect(result.current.data).toEqual(customer));
    expect(sent).toHaveLength(2);
  });
});
