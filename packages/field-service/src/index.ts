export * from './connector.ts';
export * from './config.ts';
export { createConnector } from './create-connector.ts';
export { phoneDigits, samePhone } from './phone.ts';
