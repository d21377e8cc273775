import { Text } from '@mantine/core';
import type { JobRecord, WaitingForParts } from '@repo/contracts';
import { formatBusinessDateTime, formatCalendarDay } from '../lib/format.ts';
import { Facts } from './facts.tsx';

type JobRecordFactsProps = {
  record: JobRecord | null;
  waitingForParts: WaitingForParts | null;
  /** Extra-small text for the dispatch board's cards, as IntakeFacts. */
  compact?: boolean;
};

/** "Defrost heater (W10140113), expected Monday, November 30". */
export const waitingPartText = (waiting: WaitingForParts) =>
  `${waiting.part}${waiting.partNumber ? ` (${waiting.partNumber})` : ''}, expected ${formatCalendarDay(waiting.expectedOn)}`;

/**
 * What the technician recorded at the visit (the plate as read, the diagnosis, parts needed) and the part the visit
 * waits for, beside the intake on the office's cards; nothing until the technician records something.
 */
export function JobRecordFacts({ record, waitingForParts, compact = false }: JobRecordFactsProps) {
  const size = compact ? 'xs' : 'sm';
  const lines: [string, string][] = [];
  if (waitingForParts) lines.push(['Waiting for parts', waitingPartText(waitingForParts)]);
  if (record) {
    if (record.modelNumber) lines.push(['Model (as read)', record.modelNumber]);
    if (record.serialNumber) lines.push(['Serial (as read)', record.serialNumber]);
    lines.push(['Diagnosis', record.diagnosis]);
    if (record.partsNeeded) lines.push(['Parts needed', record.partsNeeded]);
    if (!compact) lines.push(['Recorded', `${formatBusinessDateTime(record.recordedAt)} by ${record.recordedBy}`]);
  }
  if (lines.length === 0) return null;
  return (
    <div role="group" aria-label="Job record from the visit" data-job-record={record ? 'recorded' : 'waiting'}>
      {compact ? null : (
        <Text size={size} fw={600}>
          Job record
        </Text>
      )}
      <Facts items={lines} size={size} />
    </div>
  );
}
