import { paymentReportPath, paymentReportSchema, reportQuerySchema } from '@repo/contracts';
import type { ServiceApp } from '@repo/service-kit';
import type { PaymentsContext } from '../use-cases/context.ts';
import { reportPayments } from '../use-cases/report-payments.ts';

export async function reportRoutes(app: ServiceApp, { ctx }: { ctx: PaymentsContext }) {
  app.get(paymentReportPath, {
    // Administrators only, as the payments ledger: the business's takings are the owner's. Access is checked
    // onRequest, before the query is validated, so a caller without access learns nothing from it.
    onRequest: app.requireRole('admin'),
    schema: {
      tags: ['reports'],
      summary: "The owner's money figures by week or month, in cents",
      description:
        'Business dates (America/New_York), weeks Monday to Sunday. Per period: payments that succeeded, refunds that went through and revenue (the one less the other), each by the ' +
        'business date it happened; invoices sent in the period that still owe now (sent or part-paid), what they owe and ' +
        'how much of it is overdue today. A range is at most 731 days.',
      querystring: reportQuerySchema,
      response: { 200: paymentReportSchema },
    },
  }, async (request) => reportPayments(ctx, request.query));
}
