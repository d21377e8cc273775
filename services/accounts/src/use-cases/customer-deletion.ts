import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  customerDeletionRequestedTopic,
  deletionRequestMessages,
  deletionRetentionRule,
  deletionServices,
  type CustomerDeletionCompleted,
  type DeletionRequest,
} from '@repo/contracts';
import { notFound } from '@repo/service-kit';
import type { AccountsDatabase } from '../db/schema.ts';
import type { AccountsContext } from './context.ts';

const accountsSummary =
  'Account, sign-in sessions, emailed links, phone codes, failed sign-ins and the linked imported customer record deleted.';

/**
 * An administrator records a customer's request to be forgotten. In one transaction accounts erases what it holds of the
 * customer (the account and everything hanging from it: sessions, links, codes, failed sign-ins, the imported CRM record
 * linked to it), keeps the request (the account's id, who asked and why; no name or contact) with a row per service,
 * and publishes `customer.deletion-requested` to the others. A second request for the same customer answers the first
 * (`created: false`) and changes nothing; a customer who is neither an account nor a past request is a 404.
 */
export async function requestCustomerDeletion(ctx: AccountsContext, customerId: number, reason: string, requestedBy: string): Promise<{ created: boolean; request: DeletionRequest }> {
  const created = await ctx.db.transaction().execute(async (trx) => {
    // The account first, locked: a request made at the same moment waits here, then finds the first one below.
    const customer = await trx.selectFrom('customers').select(['id', 'email', 'phone', 'service_pro_customer_id']).where('id', '=', customerId).forUpdate().executeTakeFirst();
    const earlier = await trx.selectFrom('deletion_requests').select('id').where('customer_id', '=', customerId).executeTakeFirst();
    if (earlier) return false;
    if (!customer) throw notFound(deletionRequestMessages.customerNotFound);
    const now = ctx.now();
    const requestId = randomUUID();
    const email = customer.email.toLowerCase();
    await trx.insertInto('deletion_requests').values({ id: requestId, customer_id: customerId, reason, requested_by: requestedBy, requested_at: now }).execute();
    await trx
      .insertInto('deletion_progress')
      .values([
        { request_id: requestId, service: 'accounts', done_at: now, summary: accountsSummary },
        ...deletionServices.map((service) => ({ request_id: requestId, service, done_at: null, summary: null })),
      ])
      .execute();
    await eraseAccount(trx, customer.id, email, customer.service_pro_customer_id);
    await ctx.effects.enqueue(trx, customerDeletionRequestedTopic, {
      requestId,
      customerId,
      email,
      phoneDigits: customer.phone.replace(/\D/g, ''),
      requestedAt: now.toISOString(),
    });
    return true;
  });
  const request = (await deletionRequests(ctx.db, customerId))[0]!;
  return { created, request };
}

async function eraseAccount(trx: Transaction<AccountsDatabase>, customerId: number, email: string, serviceProId: string | null) {
  await trx.deleteFrom('sessions').where('kind', '=', 'customer').where('subject_id', '=', customerId).execute();
  await trx.deleteFrom('login_failures').where('scope', '=', 'customer').where(sql<string>`lower(email)`, '=', email).execute();
  await trx.deleteFrom('sign_in_alerts').where('scope', '=', 'customer').where(sql<string>`lower(email)`, '=', email).execute();
  await trx.deleteFrom('pending_registrations').where(sql<string>`lower(email)`, '=', email).execute();
  if (serviceProId) await trx.deleteFrom('service_pro_customers').where('service_pro_id', '=', serviceProId).execute();
  // Password resets, sign-in links, email changes and phone codes go with the account (on delete cascade).
  await trx.deleteFrom('customers').where('id', '=', customerId).execute();
}

/**
 * A service's report that it erased the customer, recorded for the service that sent it (whatever the report names), once:
 * a redelivery, or a report for no request, changes nothing.
 */
export async function recordDeletionCompleted(trx: Transaction<AccountsDatabase>, report: CustomerDeletionCompleted, from: string): Promise<void> {
  await trx
    .updateTable('deletion_progress')
    .set({ done_at: new Date(report.completedAt), summary: report.summary })
    .where('request_id', '=', report.requestId)
    .where('service', '=', from)
    .where('done_at', 'is', null)
    .execute();
}

/** Every deletion request, newest first, or the one for `customerId`, each with every service's progress. */
export async function deletionRequests(db: Kysely<AccountsDatabase>, customerId?: number): Promise<DeletionRequest[]> {
  let query = db.selectFrom('deletion_requests').selectAll().orderBy('requested_at', 'desc').limit(200);
  if (customerId !== undefined) query = query.where('customer_id', '=', customerId);
  const requests = await query.execute();
  if (requests.length === 0) return [];
  const progress = await db.selectFrom('deletion_progress').selectAll().where('request_id', 'in', requests.map((request) => request.id)).execute();
  const order = ['accounts', ...deletionServices] as const;
  return requests.map((request) => {
    const rows = progress.filter((row) => row.request_id === request.id).sort((a, b) => order.indexOf(a.service as never) - order.indexOf(b.service as never));
    return {
      id: request.id,
      customerId: request.customer_id,
      reason: request.reason,
      requestedBy: request.requested_by,
      requestedAt: request.requested_at.toISOString(),
      done: rows.every((row) => row.done_at !== null),
      progress: rows.map((row) => ({ service: row.service as (typeof order)[number], doneAt: row.done_at?.toISOString() ?? null, summary: row.summary })),
      retention: deletionRetentionRule,
    };
  });
}
