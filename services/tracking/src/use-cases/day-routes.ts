import type { Selectable } from 'kysely';
import type { DayRoutes, RouteVisit } from '@repo/contracts';
import type { AppointmentSnapshotsTable } from '../db/schema.ts';
import { dayRouteLegs } from '../domain/day-route.ts';
import { findAssignedVisitsOn } from '../repositories/appointment-snapshot-repository.ts';
import { toTechnician } from '../repositories/mappers.ts';
import { findTechnicians } from '../repositories/technician-repository.ts';
import type { TrackingContext } from './context.ts';

type Visit = Selectable<AppointmentSnapshotsTable>;

const placed = (visit: Visit) =>
  visit.customer_lat !== null && visit.customer_lng !== null && visit.customer_precision !== null
    ? { lat: visit.customer_lat, lng: visit.customer_lng, precision: visit.customer_precision }
    : null;

/**
 * The dispatch board's routes of one day: every active technician (and a deactivated one still holding a visit that
 * day) with their visits in window order, each leg from the previous visit and any travel conflict (`dayRouteLegs`).
 */
export async function dayRoutes(ctx: TrackingContext, date: string): Promise<DayRoutes> {
  const [technicians, visits] = await Promise.all([findTechnicians(ctx.db), findAssignedVisitsOn(ctx.db, date)]);
  // Not Map.groupBy: the services also run on Node 20, which lacks it.
  const byTechnician = new Map<string, Visit[]>();
  for (const visit of visits) byTechnician.set(visit.technician_id!, [...(byTechnician.get(visit.technician_id!) ?? []), visit]);
  return {
    date,
    visitMinutes: ctx.visitMinutes,
    technicians: technicians
      .filter((technician) => technician.active || byTechnician.has(technician.id))
      .map((row) => {
        const technician = toTechnician(row);
        const own = byTechnician.get(row.id) ?? [];
        const legs = dayRouteLegs(own.map((visit) => ({ startsAt: visit.starts_at, endsAt: visit.ends_at, location: placed(visit) })), ctx.visitMinutes, ctx.eta);
        return {
          technicianId: technician.id,
          name: technician.name,
          status: technician.status,
          position: technician.currentLocation,
          visits: own.map((visit, index): RouteVisit => ({
            appointmentId: visit.appointment_id,
            customerName: visit.customer_name,
            address: `${visit.address}, ${visit.city}`,
            appliance: visit.appliance,
            brand: visit.brand,
            status: visit.status,
            startsAt: visit.starts_at.toISOString(),
            endsAt: visit.ends_at.toISOString(),
            location: placed(visit),
            ...legs[index]!,
          })),
        };
      }),
  };
}
