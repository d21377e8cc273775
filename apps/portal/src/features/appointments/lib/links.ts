import type { Appointment } from '@repo/contracts';
import { env } from '../../../config/env.ts';
import { paths, webPaths, withAccess } from '../../../config/paths.ts';

/** The public site's payment page filled in with the balance and what it pays for ("Repair Refrigerator #12"). */
export function payBalanceAddress({ id, totalCost, serviceType, appliance }: Appointment): string {
  const query = new URLSearchParams({ amount: totalCost ?? '', description: `${serviceType} ${appliance} #${id}` });
  return `${webPaths.payment}?${query.toString()}`;
}

/**
 * Where Track technician goes, and the address to share. The owner's session opens the tracking page; a manage-link
 * holder has no session, so their link carries the track token, as does the shared address (view-only by design).
 */
export function trackingLinks(appointmentId: number, accessToken: string | undefined, trackToken: string | undefined) {
  const path = paths.technicianTracking(appointmentId);
  return {
    open: accessToken && trackToken ? withAccess(path, trackToken) : path,
    share: trackToken ? withAccess(`${env.portalOrigin}${path}`, trackToken) : undefined,
  };
}
