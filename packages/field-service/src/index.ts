export * from './connector.ts';
export * from './config.ts';
export { createConnector } from './create-connector.ts';
export { createJobberConnector, requestJobberTokens, type JobberApp, type JobberGrant, type JobberTokens, type JobberTokenSource } from './jobber/connector.ts';
export { phoneDigits, samePhone } from './phone.ts';
export { checkConnection, type CheckedSystem, type ConnectionCheck, type ConnectionReport } from './connection-check.ts';
