import { paymentReportPath, paymentReportSchema, reportQuerySchema } from '@repo/contracts';
import { tableExportRoute, type ServiceApp } from '@repo/service-kit';
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

  tableExportRoute(app, {
    file: 'payments.csv',
    tags: ['reports'],
    summary: "Every payment as CSV, for the owner's full export (administrators)",
    description: 'Amounts in cents.',
    header: ['id', 'provider', 'payment_intent_id', 'amount_cents', 'currency', 'description', 'status', 'status_changed_at', 'payer_email', 'reference', 'invoice_id', 'applied_cents', 'refunded_cents', 'created_at'],
    readPage: (afterId, limit) => ctx.db.selectFrom('payments').selectAll().where('id', '>', afterId).orderBy('id').limit(limit).execute(),
    cells: (row) => [row.id, row.provider, row.payment_intent_id, row.amount_cents, row.currency, row.description, row.status, row.status_changed_at, row.payer_email, row.reference, row.invoice_id, row.applied_cents, row.refunded_cents, row.created_at],
  });

  tableExportRoute(app, {
    file: 'invoices.csv',
    tags: ['reports'],
    summary: "Every invoice as CSV, for the owner's full export (administrators)",
    description: "Amounts in cents, with the visit's customer as payments last heard it.",
    header: ['id', 'number', 'appointment_id', 'customer_name', 'email', 'status', 'subtotal_cents', 'tax_cents', 'total_cents', 'amount_paid_cents', 'amount_refunded_cents', 'due_date', 'sent_at', 'voided_at', 'created_at'],
    readPage: (afterId, limit) =>
      ctx.db
        .selectFrom('invoices')
        .leftJoin('appointments', 'appointments.id', 'invoices.appointment_id')
        .select([
          'invoices.id', 'invoices.number', 'invoices.appointment_id', 'appointments.customer_name', 'appointments.email', 'invoices.status', 'invoices.subtotal_cents', 'invoices.tax_cents',
          'invoices.total_cents', 'invoices.amount_paid_cents', 'invoices.amount_refunded_cents', 'invoices.due_date', 'invoices.sent_at', 'invoices.voided_at', 'invoices.created_at',
        ])
        .where('invoices.id', '>', afterId)
        .orderBy('invoices.id')
        .limit(limit)
        .execute(),
    cells: (row) => [row.id, row.number, row.appointment_id, row.customer_name, row.email, row.status, row.subtotal_cents, row.tax_cents, row.total_cents, row.amount_paid_cents, row.amount_refunded_cents, row.due_date, row.sent_at, row.voided_at, row.created_at],
  });
}
