import { serviceSystemDescriptors, type ServiceSystemDescriptor } from '@repo/contracts';
import type { BookingContext } from './context.ts';

/** GET /api/service-systems: the systems a customer can import from, marked as sandboxes when they are. */
export const listServiceSystems = (ctx: BookingContext): ServiceSystemDescriptor[] =>
  serviceSystemDescriptors.map((descriptor) => ({ ...descriptor, sandbox: ctx.fieldService.sandbox }));
