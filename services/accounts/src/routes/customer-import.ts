import {
  importAllCustomersPath,
  importJobListSchema,
  importJobParamsSchema,
  importJobSchema,
  importJobsPath,
  importSourceSchema,
  latestImportJobPath,
  lookupCustomerPhoneRequestSchema,
  lookupCustomerPhoneResponseSchema,
} from '@repo/contracts';
import { errorResponses, type ServiceApp } from '@repo/service-kit';
import type { AccountsContext } from '../use-cases/context.ts';
import { getImportSource } from '../use-cases/import-source.ts';
import { getImportJob, getLatestImportJob, listImportJobs } from '../use-cases/import-jobs.ts';
import { lookupCustomerPhone } from '../use-cases/lookup-customer-phone.ts';
import { resumeCustomerImport, startCustomerImport } from '../use-cases/start-customer-import.ts';

/**
 * The configured field-service system, with the server's credentials only: the customer import (administrators) and
 * the phone lookup (staff and administrators). Its failures answer 502, 503 or 504 with what to do, never a 500.
 */
export async function customerImportRoutes(app: ServiceApp, { ctx }: { ctx: AccountsContext }) {
  const adminOnly = app.requireRole('admin');
  // The system failed (502), is not configured or refuses the server's credentials (503), or did not answer in time (504).
  const systemErrors = errorResponses(502, 503, 504);

  app.get('/api/admin/import-source', {
    onRequest: adminOnly,
    schema: {
      tags: ['admin'],
      summary: 'The system and company the customer import reads from (never a credential)',
      description: 'When the connection is not configured, the 503 names the environment variables to set.',
      operationId: 'getImportSource',
      response: { 200: importSourceSchema, ...systemErrors },
    },
  }, async () => getImportSource(ctx));

  app.post(importAllCustomersPath, {
    onRequest: adminOnly,
    schema: {
      tags: ['admin'],
      summary: 'Start importing every customer of the configured company in the background',
      description: 'Answers 202 with the new job, to poll; 409 while another import runs.',
      operationId: 'startCustomerImport',
      response: { 202: importJobSchema, ...errorResponses(409), ...systemErrors },
    },
  }, async (request, reply) => reply.code(202).send(await startCustomerImport(ctx, request.session?.email ?? request.session?.sub ?? 'administrator')));

  app.get(latestImportJobPath, {
    onRequest: adminOnly,
    schema: {
      tags: ['admin'],
      summary: 'The newest import job with its progress (null before the first)',
      operationId: 'getLatestImportJob',
      response: { 200: importJobSchema.nullable() },
    },
  }, async () => getLatestImportJob(ctx));

  app.get(importJobsPath, {
    onRequest: adminOnly,
    schema: {
      tags: ['admin'],
      summary: 'The most recent imports with their states, newest first',
      operationId: 'listImportJobs',
      response: { 200: importJobListSchema },
    },
  }, async () => listImportJobs(ctx));

  app.post('/api/admin/import-jobs/:id/resume', {
    onRequest: adminOnly,
    schema: {
      tags: ['admin'],
      summary: 'Resume a failed import from the page it had reached',
      description: 'Answers 202 with the job, to poll; 409 unless it failed, when it read another system, or while another import runs.',
      operationId: 'resumeCustomerImport',
      params: importJobParamsSchema,
      response: { 202: importJobSchema, ...errorResponses(404, 409), ...systemErrors },
    },
  }, async (request, reply) => reply.code(202).send(await resumeCustomerImport(ctx, request.params.id)));

  app.get('/api/admin/import-jobs/:id', {
    onRequest: adminOnly,
    schema: {
      tags: ['admin'],
      summary: 'One import job with its progress',
      operationId: 'getImportJob',
      params: importJobParamsSchema,
      response: { 200: importJobSchema, ...errorResponses(404) },
    },
  }, async (request) => getImportJob(ctx, request.params.id));

  app.post('/api/admin/lookup-customer-phone', {
    onRequest: app.requireRole('staff', 'admin'),
    schema: {
      tags: ['admin'],
      summary: 'Find a customer in the configured system by phone number, with their service history',
      description: 'A US phone number in any common format; null when no customer has it. customerId: the portal account linked to the customer found, or null.',
      operationId: 'lookupCustomerPhone',
      body: lookupCustomerPhoneRequestSchema,
      response: { 200: lookupCustomerPhoneResponseSchema, ...systemErrors },
    },
  }, async (request) => lookupCustomerPhone(ctx, request.body.phone));
}
