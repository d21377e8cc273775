import { appointmentReportPath, appointmentReportSchema, reportQuerySchema } from '@repo/contracts';
import { tableExportRoute, type ServiceApp } from '@repo/service-kit';
import type { BookingContext } from '../use-cases/context.ts';
import { reportAppointments } from '../use-cases/report-appointments.ts';

export async function reportRoutes(app: ServiceApp, { ctx }: { ctx: BookingContext }) {
  app.get(appointmentReportPath, {
    // Access is checked onRequest, before the query is validated, so a caller without access learns nothing from it.
    onRequest: app.requireRole('staff', 'admin'),
    schema: {
      tags: ['reports'],
      summary: "The owner's visit figures by week or month",
      description:
        'Business dates (America/New_York), weeks Monday to Sunday. Per period: bookings made (their business date), and visits completed, cancelled and no-shows (their visit date); ' +
        'completions that needed no return visit for the same customer and appliance within `firstVisitDays`; completed ' +
        'visits per technician. Imported history is not counted. A range is at most 731 days.',
      querystring: reportQuerySchema,
      response: { 200: appointmentReportSchema },
    },
  }, async (request) => reportAppointments(ctx, request.query));

  const columns = [
    'id', 'confirmation_code', 'customer_id', 'customer_name', 'email', 'phone', 'address', 'city', 'state', 'zip_code', 'appointment_date', 'time_slot',
    'service_type', 'appliance', 'brand', 'description', 'status', 'technician_id', 'model_number', 'serial_number', 'warranty', 'diagnosis', 'parts_needed',
    'total_cost', 'source_system', 'created_at',
  ] as const;
  tableExportRoute(app, {
    file: 'appointments.csv',
    tags: ['reports'],
    summary: "Every appointment as CSV, for the owner's full export (administrators)",
    description: 'Imported history included.',
    header: columns,
    readPage: (afterId, limit) => ctx.db.selectFrom('appointments').select(columns).where('id', '>', afterId).orderBy('id').limit(limit).execute(),
    cells: (row) => columns.map((column) => row[column]),
  });
}
