/**
 * `pnpm bench rolling-restart` (root, Docker's engine installed): docker-compose.yml as `pnpm test compose` builds and
 * starts it (scripts/compose-smoke.ts, run with COMPOSE_SMOKE_BENCH=rolling-restart: the same engine, images and
 * stack, no smoke test), then through the nginx gateway:
 * - requests/s, p50 and p99 of a booking read (available slots) and a tracking write (a technician's location, fanned
 *   out to sockets) with one replica of every service and then two (BENCH_SECONDS, default 10, per run with
 *   BENCH_CONNECTIONS, default 20, connections);
 * - a rolling restart of all ten replicas, one at a time (SIGTERM, exit, start, ready), under a mixed load of every
 *   service (ROLLING_RESTART_CLIENTS, default 2, per kind of traffic) with ROLLING_RESTART_SOCKETS (default 10)
 *   sockets on /ws: failed requests, reconnects and the time it took.
 * A failed request or a replica that did not stop cleanly fails the run.
 */
import type { RollingRestartFigures } from '../scripts/rolling-restart.ts';
import { composeBenchFigures } from './compose-bench.ts';
import { publish } from './report.ts';

type Throughput = { route: string; replicas: number; requestsPerSecond: number; p50: number; p99: number; non2xx: number; errors: number };

const { seconds, connections, throughput, rolling } = composeBenchFigures<{
  seconds: number;
  connections: number;
  throughput: Throughput[];
  rolling: RollingRestartFigures;
}>('rolling-restart');

const ratio = (route: string) => {
  const [one, two] = [1, 2].map((replicas) => throughput.find((row) => row.route === route && row.replicas === replicas)?.requestsPerSecond ?? 0);
  return two && one ? two / one : 0;
};
const routes = [...new Set(throughput.map((row) => row.route))];
const unclean = rolling.restarts.filter((restart) => restart.exitCode !== 0);

await publish({
  id: 'rolling-restart',
  title: 'Replicas behind nginx in compose: throughput with 1 and 2 replicas, and a rolling restart under load',
  description:
    `docker-compose.yml on this machine's engine (every container, the load generator and PostgreSQL share its cores). ` +
    `Throughput: autocannon through the gateway, ${seconds} s per run, ${connections} connections. Rolling restart: each of ` +
    `${rolling.restarts.length} replicas in turn stopped with SIGTERM and started again, the next once it answers /readyz, ` +
    `under ${Object.keys(rolling.routes).length} kinds of traffic through the gateway and ${rolling.sockets} sockets on /ws that reconnect when closed.`,
  tables: [
    {
      title: 'Throughput through the gateway',
      columns: ['route', 'replicas', 'req/s', 'p50 ms', 'p99 ms', 'non-2xx', 'errors'],
      numeric: [false, true, true, true, true, true, true],
      rows: throughput.map((row) => [row.route, row.replicas, row.requestsPerSecond, row.p50, row.p99, row.non2xx, row.errors]),
    },
    {
      title: 'Rolling restart: requests per route',
      columns: ['route', 'requests', 'failed', 'answers', 'p50 ms', 'p99 ms'],
      numeric: [false, true, true, false, true, true],
      rows: Object.entries(rolling.routes).map(([route, figures]) => [route, figures.requests, figures.failed, JSON.stringify(figures.statuses), figures.p50, figures.p99]),
    },
    {
      title: 'Rolling restart: replicas',
      columns: ['service', 'container', 'exit code', 'stop s', 'ready again s'],
      numeric: [false, false, true, true, true],
      rows: rolling.restarts.map((restart) => [restart.service, restart.id, restart.exitCode, restart.stopSeconds.toFixed(1), restart.backSeconds.toFixed(1)]),
    },
  ],
  targets: [
    { name: 'failed requests during the rolling restart', measured: `${rolling.failed} of ${rolling.requests}`, goal: '0', met: rolling.failed === 0 },
    { name: 'replicas stopped cleanly (exit 0 on SIGTERM)', measured: `${rolling.restarts.length - unclean.length} of ${rolling.restarts.length}`, goal: 'all', met: unclean.length === 0 },
    { name: 'socket reconnects (each closed with 1001 by a stopping replica)', measured: `${rolling.reconnects} (close codes ${JSON.stringify(rolling.closeCodes)})`, goal: `≥ ${rolling.sockets}, only 1001`, met: rolling.reconnects >= rolling.sockets && Object.keys(rolling.closeCodes).every((code) => code === '1001') },
    { name: 'rolling restart time', measured: `${rolling.seconds.toFixed(1)} s`, goal: 'reported', met: true },
    ...routes.map((route) => ({ name: `2 replicas vs 1: ${route}`, measured: `× ${ratio(route).toFixed(2)}`, goal: 'reported (2 cores)', met: true })),
  ],
  figures: { seconds, connections, throughput, rolling },
});
if (rolling.failed > 0 || unclean.length > 0) {
  console.error(`rolling restart: ${rolling.failed} failed requests, ${unclean.length} unclean stops:\n${rolling.failures.join('\n')}`);
  process.exit(1);
}
