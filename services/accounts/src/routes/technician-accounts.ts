import { z } from 'zod';
import {
  createTechnicianAccountSchema,
  technicianAccountListSchema,
  technicianAccountPasswordSchema,
  technicianAccountSchema,
  technicianAccountsPath,
} from '@repo/contracts';
import { errorResponses, type ServiceApp } from '@repo/service-kit';
import type { AccountsContext } from '../use-cases/context.ts';
import { createTechnicianAccount, listTechnicianAccounts, setTechnicianPassword } from '../use-cases/technician-accounts.ts';

const technicianParams = z.object({ technicianId: z.string().min(1).max(64) });

/** Technician sign-ins, managed by staff and administrators from technician management (never by technicians). */
export async function technicianAccountRoutes(app: ServiceApp, { ctx }: { ctx: AccountsContext }) {
  const staffOnly = app.requireRole('staff', 'admin');

  app.post(technicianAccountsPath, {
    onRequest: staffOnly,
    schema: {
      tags: ['admin'],
      summary: 'Give a technician a back-office sign-in',
      description: 'One sign-in per email (across every back-office account) and per technician: 409 otherwise.',
      body: createTechnicianAccountSchema,
      response: { 201: technicianAccountSchema, ...errorResponses(409) },
    },
  }, async (request, reply) => reply.code(201).send(await createTechnicianAccount(ctx, request.body)));

  app.get(technicianAccountsPath, {
    onRequest: staffOnly,
    schema: { tags: ['admin'], summary: "Every technician's sign-in", response: { 200: technicianAccountListSchema } },
  }, async () => listTechnicianAccounts(ctx));

  app.put(`${technicianAccountsPath}/:technicianId/password`, {
    onRequest: staffOnly,
    schema: {
      tags: ['admin'],
      summary: "Set a new password for a technician's sign-in",
      description: 'Every session of that sign-in ends.',
      params: technicianParams,
      body: technicianAccountPasswordSchema,
      response: { 200: technicianAccountSchema, ...errorResponses(404) },
    },
  }, async (request) => setTechnicianPassword(ctx, request.params.technicianId, request.body.password));
}
