import { appointmentAccessHeader } from '@repo/contracts';

/**
 * The header that carries an appointment link's token, or none for the signed-in owner (the session cookie speaks
 * for them).
 */
export const appointmentAccessHeaders = (token: string | undefined): Record<string, string> | undefined =>
  token ? { [appointmentAccessHeader]: token } : undefined;
