import { Text } from '@mantine/core';
import type { JobRecord, WaitingForParts, WarrantyClaim } from '@repo/contracts';
import { formatBusinessDateTime, formatCalendarDate, formatCalendarDay } from '../lib/format.ts';
import { Facts } from './facts.tsx';

type JobRecordFactsProps = {
  record: JobRecord | null;
  waitingForParts: WaitingForParts | null;
  /** For warranty work, the claim's details (absent where not known). */
  warrantyClaim?: WarrantyClaim | null;
  /** Extra-small text for the dispatch board's cards, as IntakeFacts. */
  compact?: boolean;
};

/** "Defrost heater (W10140113), expected Monday, November 30". */
export const waitingPartText = (waiting: WaitingForParts) =>
  `${waiting.part}${waiting.partNumber ? ` (${waiting.partNumber})` : ''}, expected ${formatCalendarDay(waiting.expectedOn)}`;

/** "failure code E07; service code SZ-1234; part 7013816 on invoice INV 55#102; bought May 17, 2024". */
const claimText = (claim: WarrantyClaim) =>
  [
    `failure code ${claim.failureCode}`,
    claim.serviceCode ? `service code ${claim.serviceCode}` : undefined,
    claim.distributorPartNumber ? `part ${claim.distributorPartNumber}${claim.distributorInvoice ? ` on invoice ${claim.distributorInvoice}` : ''}` : claim.distributorInvoice ? `distributor's invoice ${claim.distributorInvoice}` : undefined,
    claim.purchaseDate ? `bought ${formatCalendarDate(claim.purchaseDate)}` : undefined,
  ]
    .filter(Boolean)
    .join('; ');

/**
 * What the technician recorded at the visit (the plate as read, the diagnosis, parts needed), the part the visit
 * waits for and a warranty claim's details, beside the intake on the office's cards; nothing until the technician
 * records something.
 */
export function JobRecordFacts({ record, waitingForParts, warrantyClaim = null, compact = false }: JobRecordFactsProps) {
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
  if (warrantyClaim) lines.push(['Warranty claim', claimText(warrantyClaim)]);
  if (lines.length === 0) return null;
  return (
    <div role="group" aria-label="Job record from the visit" data-job-record={record ? 'recorded' : waitingForParts ? 'waiting' : 'claim'}>
      {compact ? null : (
        <Text size={size} fw={600}>
          Job record
        </Text>
      )}
      <Facts items={lines} size={size} />
    </div>
  );
}
