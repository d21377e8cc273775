import { appointmentReportPath, appointmentReportSchema, reportQuerySchema } from '@repo/contracts';
import type { ServiceApp } from '@repo/service-kit';
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
}
