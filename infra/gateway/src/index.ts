/**
 * The gateway as the rest of the repository runs it (scripts/stack.ts, for `pnpm start` and the browser and fault
 * tests): the Node gateway, nginx's configuration and process, and the local topology both are laid out by. The
 * security headers both gateways send are `@repo/gateway/policy`.
 */
export { startGateway, type Gateway, type GatewayOptions } from './gateway.ts';
export { renderNginxConfig, type NginxConfigOptions } from './nginx-config.ts';
export { startNginx, type NginxProcess } from './nginx-process.ts';
export { localGatewayOptions, localNginxOptions, repoRoot, type LocalTopology } from './topology.ts';
