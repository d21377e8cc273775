import { serviceSystemDescriptors, type ServiceSystemDescriptor } from '@repo/contracts';
import type { BookingContext } from './context.ts';

/** GET /api/service-systems: the systems the business keeps records in, from which a customer can bring in past visits. */
export const listServiceSystems = (ctx: BookingContext): ServiceSystemDescriptor[] =>
  serviceSystemDescriptors.filter((descriptor) => ctx.fieldService.connected.includes(descriptor.id));
