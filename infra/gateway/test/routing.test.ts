import { nginxAvailable, nginxBinary } from '../src/nginx-process.ts';
import { describeGatewayBehaviour } from './support/gateway-behaviour.ts';
import { nginxGateway, nodeGateway } from './support/gateways.ts';

describeGatewayBehaviour(
  nginxAvailable() ? 'real nginx with the rendered local config' : `real nginx (skipped: ${nginxBinary} is missing; set NGINX_BIN)`,
  nginxGateway(),
  { skip: !nginxAvailable() },
);

describeGatewayBehaviour('the Node gateway', nodeGateway());
