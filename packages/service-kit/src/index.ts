export * from './create-service.ts';
export * from './run-service.ts';
export * from './env.ts';
export * from './errors.ts';
export * from './auth.ts';
export { errorHandler } from './error-handler.ts';
export * from './error-responses.ts';
export * from './effects/index.ts';
