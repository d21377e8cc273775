import { addDays, businessInstant, reportLimits, reportPeriods, type AppointmentReport, type ReportQueryParsed } from '@repo/contracts';
import { bookingsByPeriod, completedByTechnician, visitCountsByPeriod } from '../repositories/report-repository.ts';
import type { BookingContext } from './context.ts';

/** The owner's visit figures for a range of business dates, one row per week or month (empty periods as zeros). */
export async function reportAppointments(ctx: BookingContext, query: ReportQueryParsed): Promise<AppointmentReport> {
  const { from, to, by } = query;
  const start = businessInstant(from, '00:00');
  const end = businessInstant(addDays(to, 1), '00:00');
  const [visits, bookings, technicianRows] = await Promise.all([
    visitCountsByPeriod(ctx.db, { from, to, by }),
    bookingsByPeriod(ctx.db, { start, end, by }),
    completedByTechnician(ctx.db, { from, to, by }),
  ]);
  const visitsOf = new Map(visits.map((row) => [row.period, row]));
  const bookedOf = new Map(bookings.map((row) => [row.period, row.booked]));
  const periods = reportPeriods(from, to, by);
  const technicians = new Map<string, { name: string; visits: Map<string, number> }>();
  for (const row of technicianRows) {
    const technician = technicians.get(row.technician_id) ?? { name: row.name, visits: new Map<string, number>() };
    technician.visits.set(row.period, row.visits);
    technicians.set(row.technician_id, technician);
  }
  return {
    from,
    to,
    by,
    firstVisitDays: reportLimits.firstVisitDays,
    periods: periods.map((period) => {
      const row = visitsOf.get(period.period);
      return {
        ...period,
        booked: bookedOf.get(period.period) ?? 0,
        completed: row?.completed ?? 0,
        cancelled: row?.cancelled ?? 0,
        noShows: row?.no_shows ?? 0,
        completedFirstVisit: row?.completed_first_visit ?? 0,
      };
    }),
    technicians: [...technicians].map(([technicianId, technician]) => ({
      technicianId,
      name: technician.name,
      completed: periods.map(({ period }) => ({ period, visits: technician.visits.get(period) ?? 0 })),
    })),
  };
}
