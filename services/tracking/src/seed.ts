import type { Insertable } from 'kysely';
import type { TechniciansTable } from './db/schema.ts';
import { tellBookingAbout } from './domain/outgoing.ts';
import { hasTechnicians, insertTechnician } from './repositories/technician-repository.ts';
import type { TrackingContext } from './use-cases/context.ts';
import { demoTechnicianId } from './use-cases/drive-demo-technician.ts';

/** Three demo technicians around St Augustine; booking learns of them in the same transaction, as of any technician. */
export async function seedDemoData(ctx: TrackingContext): Promise<void> {
  if (await hasTechnicians(ctx.db)) return;
  const now = new Date();
  const technicians: Insertable<TechniciansTable>[] = [
    { id: demoTechnicianId, name: 'Mike Johnson', phone: '(904) 555-0111', avatar: null, vehicle_info: 'White Ford Transit #12', specialties: ['Sub-Zero', 'Wolf', 'Refrigeration'], rating: 4.9, completed_jobs: 1240, lat: 29.9012, lng: -81.3124, location_address: 'King St, St Augustine, FL', location_updated_at: now },
    { id: 'tech_sara', name: 'Sara Martinez', phone: '(904) 555-0122', avatar: null, vehicle_info: 'White Ford Transit #7', specialties: ['Washers', 'Dryers', 'Dishwashers'], rating: 4.8, completed_jobs: 860, lat: 29.8597, lng: -81.2651, location_address: 'A1A Beach Blvd, St Augustine Beach, FL', location_updated_at: now },
    { id: 'tech_dave', name: 'Dave Thompson', phone: '(904) 555-0133', avatar: null, vehicle_info: 'Silver Ram ProMaster #3', specialties: ['Ovens', 'Ranges', 'Viking'], rating: 4.7, completed_jobs: 530, lat: null, lng: null, location_address: null, location_updated_at: null, status: 'offline' },
  ];
  await ctx.db.transaction().execute(async (trx) => {
    for (const technician of technicians) await tellBookingAbout(ctx.effects, trx, await insertTechnician(trx, technician));
  });
}
