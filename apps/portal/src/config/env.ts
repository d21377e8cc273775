import { readAppOrigins } from '@repo/ui';

export const env = readAppOrigins(import.meta.env);
