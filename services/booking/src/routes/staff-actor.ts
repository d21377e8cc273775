import type { SessionClaims } from '@repo/contracts';

/** Who in the office made a change, as the appointment's history names them: their email (the session's subject without one). */
export const staffActor = (session: SessionClaims | null | undefined) => session?.email ?? session?.sub ?? 'staff';
