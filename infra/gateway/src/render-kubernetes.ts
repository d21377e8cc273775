import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generatedManifests } from './kubernetes-manifests.ts';
import { repoRoot } from './topology.ts';

/** Rewrites the generated manifests of infra/kubernetes/base (HTTPRoutes from the route table, the services' workloads). */
async function main(): Promise<void> {
  for (const [file, render] of Object.entries(generatedManifests)) {
    const target = path.join(repoRoot, 'infra/kubernetes/base', file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, render());
    console.error(`wrote ${path.relative(repoRoot, target)}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
