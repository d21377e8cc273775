export * from './connector.ts';
export * from './config.ts';
