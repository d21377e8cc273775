import { appointmentManagePath } from '@repo/contracts';
import { env } from '../../../config/env.ts';

/**
 * The appointment's own page on the portal, opened with its manage link: the token travels in the fragment, which the
 * browser never sends to a server. Kept out of config/paths.ts so the pages without booking do not load the contracts.
 */
export const manageAppointmentUrl = (id: number, manageToken: string): string => `${env.portalOrigin}${appointmentManagePath(id, manageToken)}`;
