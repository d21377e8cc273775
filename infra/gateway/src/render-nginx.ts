import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { renderNginxConfig, type NginxConfigOptions } from './nginx-config.ts';
import { localNginxOptions, localTopology, productionNginxOptions, repoRoot } from './topology.ts';

const usage = `Usage: tsx src/render-nginx.ts --mode production|local [--out FILE] [--prefix DIR] [--user USER]

  production  the committed infra/nginx/nginx.conf; the nginx image fills in WEB_HOST, PORTAL_HOST,
              BACKOFFICE_HOST and OBJECT_STORE_ORIGIN when the container starts
  local       servers on WEB_PORT, PORTAL_PORT, BACKOFFICE_PORT (8080-8082) proxying to BOOKING_URL, ACCOUNTS_URL,
              TRACKING_URL, PAYMENTS_URL, NOTIFICATIONS_URL (127.0.0.1:3001-3005), the pages allowing uploads to
              OBJECT_STORE_ORIGIN when set, files under --prefix (default .tmp/nginx);
              run it with: nginx -p PREFIX -c FILE -e stderr -g 'daemon off;'
Without --out the config is written to stdout.`;

type Args = { mode?: string; out?: string; prefix?: string; user?: string; help?: boolean };

function optionsFrom(args: Args): NginxConfigOptions {
  const overrides = { ...(args.prefix && { prefix: path.resolve(args.prefix) }), ...(args.user && { user: args.user }) };
  if (args.mode === 'production') return { ...productionNginxOptions, ...overrides };
  if (args.mode === 'local') return { ...localNginxOptions(localTopology(), path.join(repoRoot, '.tmp/nginx')), ...overrides };
  throw new Error(`--mode must be production or local\n\n${usage}`);
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      mode: { type: 'string' },
      out: { type: 'string' },
      prefix: { type: 'string' },
      user: { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (args.help) {
    console.log(usage);
    return;
  }
  const config = renderNginxConfig(optionsFrom(args));
  if (!args.out) {
    process.stdout.write(config);
    return;
  }
  await mkdir(path.dirname(path.resolve(args.out)), { recursive: true });
  await writeFile(args.out, config);
  console.error(`wrote ${args.out}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
