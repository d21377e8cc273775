import { z } from 'zod';

/** The answer of every service's /healthz and /readyz. */
export const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), service: z.string() });
