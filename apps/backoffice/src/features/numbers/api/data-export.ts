import { useMutation } from '@tanstack/react-query';
import { zipSync } from 'fflate';
import { businessDate, dataExportFiles } from '@repo/contracts';
import { saveFile } from '@repo/ui';
import { adminApi } from '../../../lib/api-client.ts';

/**
 * The business's data in one archive (administrators): each service's CSV (contracts' `dataExportFiles`, each streamed
 * by the service that owns it, formula-escaped there), fetched one after another and zipped here with fflate, then
 * offered as `business-data-<date>.zip`. A file that cannot be fetched fails the whole download, saying which.
 */
export async function downloadBusinessData(now = new Date()): Promise<string> {
  const files: Record<string, Uint8Array> = {};
  for (const { file, path } of dataExportFiles) {
    const response = await adminApi.request('GET', path);
    files[file] = new Uint8Array(await response.arrayBuffer());
  }
  const name = `business-data-${businessDate(now)}.zip`;
  const archive = zipSync(files, { level: 6 });
  saveFile(new Blob([archive as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), name);
  return name;
}

export function useDownloadBusinessData() {
  return useMutation({ mutationFn: () => downloadBusinessData() });
}
