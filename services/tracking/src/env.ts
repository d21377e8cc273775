import { baseEnvSchema } from '@repo/service-kit';
import type { z } from 'zod';

export const trackingEnvSchema = baseEnvSchema(3003);
export type TrackingEnv = z.infer<typeof trackingEnvSchema>;
