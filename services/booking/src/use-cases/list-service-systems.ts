import { serviceSystemDescriptors, type ServiceSystemDescriptor } from '@repo/contracts';
import type { BookingContext } from './context.ts';

/** GET /api/service-systems: the systems the business keeps records in, from which a customer can bring in past visits. */
export async function listServiceSystems(ctx: BookingContext): Promise<ServiceSystemDescriptor[]> {
  const connected = await ctx.fieldService.connected();
  return serviceSystemDescriptors.filter((descriptor) => connected.includes(descriptor.id));
}
