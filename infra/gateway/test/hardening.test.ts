import { nginxAvailable, nginxBinary } from '../src/nginx-process.ts';
import { describeGatewayHardening, shortTimeouts } from './support/gateway-hardening.ts';
import { nginxGateway, nodeGateway } from './support/gateways.ts';

describeGatewayHardening(
  nginxAvailable() ? 'real nginx with the rendered local config' : `real nginx (skipped: ${nginxBinary} is missing; set NGINX_BIN)`,
  nginxGateway(shortTimeouts),
  { skip: !nginxAvailable(), lateHeaders: 'closed', hugeRequestLine: 414 },
);

describeGatewayHardening('the Node gateway', nodeGateway(shortTimeouts), { lateHeaders: 'answered', hugeRequestLine: 431 });
