import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serviceNames } from '@repo/contracts';

// Prometheus' own checker (promtool, from Debian's prometheus package, which scripts/prerequisites.mjs installs for
// this layer) on infra/monitoring: the alert rules parse, each fires in its unit tests (alerts.test.yml) and stays
// quiet short of its threshold, and the scrape config is valid and scrapes every service.

const monitoring = path.resolve(import.meta.dirname, '../../infra/monitoring');
const promtool = process.env.PROMTOOL_BIN || '/usr/bin/promtool';
const available = existsSync(promtool) || spawnSync('sh', ['-c', 'command -v promtool'], { stdio: 'ignore' }).status === 0;
const binary = existsSync(promtool) ? promtool : 'promtool';

function run(args: string[], cwd = monitoring) {
  const result = spawnSync(binary, args, { cwd, encoding: 'utf8' });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

const read = (file: string) => readFileSync(path.join(monitoring, file), 'utf8');
const alertNames = [...read('alerts.yml').matchAll(/^\s+- alert: (\w+)$/gm)].map((match) => match[1]);

describe.skipIf(!available)(available ? 'promtool on the alert rules and the scrape config' : `promtool (skipped: ${promtool} is missing; apt-get install prometheus)`, () => {
  const work = mkdtempSync(path.join(tmpdir(), 'monitoring-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('finds the rules valid', () => {
    const { status, output } = run(['check', 'rules', 'alerts.yml']);
    expect(output).toContain(`SUCCESS: ${alertNames.length} rules found`);
    expect(status).toBe(0);
  });

  it('passes every rule test', () => {
    const { status, output } = run(['test', 'rules', 'alerts.test.yml']);
    expect(output).toContain('SUCCESS');
    expect(status).toBe(0);
  });

  it('has a test case for every alert, and an alert for each thing that loses customers', () => {
    const tested = new Set([...read('alerts.test.yml').matchAll(/alertname: (\w+)/g)].map((match) => match[1]));
    expect(alertNames.filter((name) => !tested.has(name))).toEqual([]);
    expect(alertNames).toEqual(expect.arrayContaining(['EffectsOutboxStale', 'HighServerErrorRate', 'NotificationsFailing', 'DatabaseDown', 'DiskAlmostFull']));
  });

  it('finds the scrape config valid, with its rule file and a stand-in token file', () => {
    for (const file of ['prometheus.yml', 'alerts.yml']) copyFileSync(path.join(monitoring, file), path.join(work, file));
    writeFileSync(path.join(work, 'metrics-token'), 'stand-in-token-of-the-monitoring-check\n');
    const { status, output } = run(['check', 'config', 'prometheus.yml'], work);
    expect(output).toContain('SUCCESS: 1 rule files found');
    expect(output).toContain(`SUCCESS: ${alertNames.length} rules found`);
    expect(status).toBe(0);
  });

  it('scrapes every service on its compose port with the metrics token', () => {
    const config = read('prometheus.yml');
    const jobs = [...config.matchAll(/job_name: (\w+)/g)].map((match) => match[1]);
    expect(jobs).toEqual([...serviceNames, 'prometheus']);
    for (const service of serviceNames) {
      expect(config).toContain(`  - job_name: ${service}\n    authorization:\n      credentials_file: metrics-token\n    dns_sd_configs:\n      - names: [${service}]\n        type: A\n        port: 3000\n`);
    }
  });
});
