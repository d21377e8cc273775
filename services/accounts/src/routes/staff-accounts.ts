import { z } from 'zod';
import {
  createStaffAccountSchema,
  staffAccountListSchema,
  staffAccountParamsSchema,
  staffAccountPasswordSchema,
  staffAccountSchema,
  staffAccountsPath,
} from '@repo/contracts';
import { errorResponses, type ServiceApp } from '@repo/service-kit';
import type { AccountsContext } from '../use-cases/context.ts';
import { createStaffAccount, listStaffAccounts, setStaffPassword } from '../use-cases/staff-accounts.ts';

/** Staff and administrator sign-ins, managed by administrators only (technicians' are in technician-accounts.ts). */
export async function staffAccountRoutes(app: ServiceApp, { ctx }: { ctx: AccountsContext }) {
  const adminOnly = app.requireRole('admin');

  app.get(staffAccountsPath, {
    onRequest: adminOnly,
    schema: {
      tags: ['admin'],
      summary: 'Every staff and administrator sign-in, by name',
      operationId: 'listStaffAccounts',
      response: { 200: staffAccountListSchema },
    },
  }, async () => listStaffAccounts(ctx));

  app.post(staffAccountsPath, {
    onRequest: adminOnly,
    schema: {
      tags: ['admin'],
      summary: 'Add a staff or administrator sign-in',
      description: 'One back-office sign-in per email, in any letter case: 409 when the email has one.',
      operationId: 'createStaffAccount',
      body: createStaffAccountSchema,
      response: { 201: staffAccountSchema, ...errorResponses(409) },
    },
  }, async (request, reply) => reply.code(201).send(await createStaffAccount(ctx, request.body)));

  app.put(`${staffAccountsPath}/:id/password`, {
    onRequest: adminOnly,
    schema: {
      tags: ['admin'],
      summary: 'Set a new password for a staff or administrator sign-in',
      description: 'Every session of that account ends.',
      operationId: 'setStaffAccountPassword',
      params: staffAccountParamsSchema,
      body: staffAccountPasswordSchema,
      response: { 204: z.null(), ...errorResponses(404) },
    },
  }, async (request, reply) => {
    await setStaffPassword(ctx, request.params.id, request.body.password);
    return reply.code(204).send(null);
  });
}
