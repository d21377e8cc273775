import { useState } from 'react';
import { Alert, Button, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import {
  addDays,
  businessDate,
  jobRecordLimits,
  jobRecordMessages,
  jobRecordRequestSchema,
  waitingForPartsRequestSchema,
  warrantyClaimLimits,
  warrantyClaimMessages,
  warrantyClaimRequestSchema,
  type JobRecordParsed,
  type JobRecordResponse,
  type WaitingForPartsParsed as WaitingParsed,
  type WarrantyClaimParsed,
} from '@repo/contracts';
import { errorMessage, showToast } from '@repo/ui';
import { waitingPartText } from '../../../components/job-record-facts.tsx';
import { formatBusinessDateTime } from '../../../lib/format.ts';
import { useJobRecord, useMarkWaitingForParts, useSaveJobRecord, useSaveWarrantyClaim } from '../api/job-record.ts';
import { useKeptForm } from '../lib/kept-on-phone.ts';
import { KeptNotice } from './kept-notice.tsx';
import { PhotosPanel } from '../../../components/photos/photos-panel.tsx';

type RecordFields = 'modelNumber' | 'serialNumber' | 'diagnosis' | 'partsNeeded';
type WaitingFields = 'part' | 'partNumber' | 'expectedOn';
const recordFields: readonly RecordFields[] = ['modelNumber', 'serialNumber', 'diagnosis', 'partsNeeded'];
const waitingFields: readonly WaitingFields[] = ['part', 'partNumber', 'expectedOn'];
type ClaimFields = 'failureCode' | 'serviceCode' | 'distributorPartNumber' | 'distributorInvoice' | 'purchaseDate';
const claimFields: readonly ClaimFields[] = ['failureCode', 'serviceCode', 'distributorPartNumber', 'distributorInvoice', 'purchaseDate'];

/**
 * The plate as read (prefilled from what the customer gave at booking, so a glance confirms it), what was found and
 * what it needs. Saving again replaces it. Kept on the phone while the connection is down (kept-on-phone.ts).
 */
function RecordForm({ appointmentId, answer }: { appointmentId: string; answer: JobRecordResponse }) {
  const { record, intake } = answer;
  const save = useSaveJobRecord(appointmentId);
  const kept = useKeptForm<RecordFields, JobRecordParsed>({
    name: `job-record:${appointmentId}`,
    fields: recordFields,
    saved: {
      modelNumber: record ? (record.modelNumber ?? '') : (intake?.modelNumber ?? ''),
      serialNumber: record ? (record.serialNumber ?? '') : (intake?.serialNumber ?? ''),
      diagnosis: record?.diagnosis ?? '',
      partsNeeded: record?.partsNeeded ?? '',
    },
    schema: jobRecordRequestSchema,
    send: (parsed) => save.mutateAsync(parsed),
    sending: save.isPending,
    onSent: () => showToast({ title: 'Saved', description: jobRecordMessages.saved }),
    failure: { title: 'Not saved', fallback: "The job record didn't save. Check your connection and try again.", fields: recordFields },
  });
  const { form } = kept;
  const headingId = `job-record-form-${appointmentId}`;
  return (
    <form aria-labelledby={headingId} {...kept.formProps()}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={headingId}>
          Model, serial and diagnosis
        </Title>
        <TextInput label="Model number" description="As on the rating plate; correct it if the booking's is wrong" autoComplete="off" autoCapitalize="characters" size="md" {...form.field('modelNumber')} />
        <TextInput label="Serial number" autoComplete="off" autoCapitalize="characters" size="md" {...form.field('serialNumber')} />
        <Textarea label="Diagnosis" withAsterisk autosize minRows={3} maxLength={jobRecordLimits.diagnosis} size="md" {...form.field('diagnosis')} />
        <Textarea label="Parts needed" description="Optional; one per line" autosize minRows={2} maxLength={jobRecordLimits.partsNeeded} size="md" {...form.field('partsNeeded')} />
        <KeptNotice kept={kept} what="job record" />
        {record ? (
          <Text size="sm" c="dark.6" data-testid="job-record-saved">
            {`Saved ${formatBusinessDateTime(record.recordedAt)} by ${record.recordedBy}`}
          </Text>
        ) : null}
        <Button type="submit" size="lg" fullWidth loading={form.busy}>
          Save job record
        </Button>
      </Stack>
    </form>
  );
}

/** The part on order and the day it is expected: the customer's appointment page says so until it arrives. */
function WaitingForm({ appointmentId, answer }: { appointmentId: string; answer: JobRecordResponse }) {
  const waiting = answer.waitingForParts;
  const mark = useMarkWaitingForParts(appointmentId);
  const kept = useKeptForm<WaitingFields, WaitingParsed>({
    name: `waiting-for-parts:${appointmentId}`,
    fields: waitingFields,
    saved: { part: waiting?.part ?? '', partNumber: waiting?.partNumber ?? '', expectedOn: waiting?.expectedOn ?? '' },
    schema: waitingForPartsRequestSchema,
    send: (parsed) => mark.mutateAsync(parsed),
    sending: mark.isPending,
    onSent: () => showToast({ title: 'Waiting for parts', description: jobRecordMessages.waitingSaved }),
    failure: { title: 'Not marked', fallback: "That didn't go through. Check your connection and try again.", fields: waitingFields },
  });
  const { form } = kept;
  const headingId = `waiting-form-${appointmentId}`;
  const today = businessDate();
  return (
    <form aria-labelledby={headingId} {...kept.formProps()}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={headingId}>
          Waiting for parts
        </Title>
        {waiting ? (
          <Alert color="yellow" variant="light" role="status" data-testid="waiting-for-parts">
            <Text size="sm" c="dark.9">{`Waiting for ${waitingPartText(waiting)}. The customer sees this on their appointment page.`}</Text>
          </Alert>
        ) : (
          <Text size="sm" c="dark.6">
            If a part has to be ordered, say which and when it is expected: the customer sees it on their appointment page.
          </Text>
        )}
        <TextInput label="Part" withAsterisk autoComplete="off" maxLength={jobRecordLimits.part} size="md" {...form.field('part')} />
        <TextInput label="Part number" description="Optional" autoComplete="off" autoCapitalize="characters" maxLength={jobRecordLimits.partNumber} size="md" {...form.field('partNumber')} />
        <TextInput label="Expected on" withAsterisk type="date" min={today} max={addDays(today, jobRecordLimits.expectedWithinDays)} size="md" {...form.field('expectedOn')} />
        <KeptNotice kept={kept} what="part" />
        <Button type="submit" size="lg" fullWidth variant={waiting ? 'default' : 'filled'} loading={form.busy}>
          {waiting ? 'Update the part' : 'Mark waiting for parts'}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * For warranty work: what the manufacturer's claim asks of the servicer, so the office can file it. Open from the
 * start when the customer said at booking the appliance is under the manufacturer's warranty, or once a claim was
 * saved; otherwise behind "Record a warranty claim", so other visits keep a short page.
 */
function WarrantyClaimForm({ appointmentId, answer }: { appointmentId: string; answer: JobRecordResponse }) {
  const claim = answer.warrantyClaim;
  const save = useSaveWarrantyClaim(appointmentId);
  const [open, setOpen] = useState(claim !== null || answer.intake?.warranty === 'manufacturer');
  const kept = useKeptForm<ClaimFields, WarrantyClaimParsed>({
    name: `warranty-claim:${appointmentId}`,
    fields: claimFields,
    saved: {
      failureCode: claim?.failureCode ?? '',
      serviceCode: claim?.serviceCode ?? '',
      distributorPartNumber: claim?.distributorPartNumber ?? '',
      distributorInvoice: claim?.distributorInvoice ?? '',
      purchaseDate: claim?.purchaseDate ?? '',
    },
    schema: warrantyClaimRequestSchema,
    send: (parsed) => save.mutateAsync(parsed),
    sending: save.isPending,
    onSent: () => showToast({ title: 'Saved', description: warrantyClaimMessages.saved }),
    failure: { title: 'Not saved', fallback: "The warranty claim didn't save. Check your connection and try again.", fields: claimFields },
  });
  const { form } = kept;
  const headingId = `warranty-form-${appointmentId}`;
  // Typed and not saved (kept on the phone): the form shows whatever was asked before.
  const shown = open || kept.queuedAt !== undefined || kept.restoredAt !== undefined;
  if (!shown) {
    return (
      <Button variant="default" size="md" fullWidth onClick={() => setOpen(true)}>
        Record a warranty claim
      </Button>
    );
  }
  return (
    <form aria-labelledby={headingId} {...kept.formProps()}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={headingId}>
          Warranty claim
        </Title>
        <Text size="sm" c="dark.6">
          What the manufacturer's claim asks for. The office files it from here.
        </Text>
        <TextInput label="Failure code" withAsterisk autoComplete="off" autoCapitalize="characters" maxLength={warrantyClaimLimits.code} size="md" {...form.field('failureCode')} />
        <TextInput label="Brand's service code" description="Installation or service code the brand gave; optional" autoComplete="off" autoCapitalize="characters" maxLength={warrantyClaimLimits.code} size="md" {...form.field('serviceCode')} />
        <TextInput label="Distributor's part number" description="Optional" autoComplete="off" autoCapitalize="characters" maxLength={jobRecordLimits.partNumber} size="md" {...form.field('distributorPartNumber')} />
        <TextInput label="Distributor's invoice" description="Optional" autoComplete="off" autoCapitalize="characters" maxLength={warrantyClaimLimits.invoice} size="md" {...form.field('distributorInvoice')} />
        <TextInput label="Purchase date" description="From the customer's receipt; optional" type="date" min={warrantyClaimLimits.oldestPurchase} max={businessDate()} size="md" {...form.field('purchaseDate')} />
        <KeptNotice kept={kept} what="warranty claim" />
        {claim ? (
          <Text size="sm" c="dark.6" data-testid="warranty-claim-saved">
            {`Saved ${formatBusinessDateTime(claim.recordedAt)} by ${claim.recordedBy}`}
          </Text>
        ) : null}
        <Button type="submit" size="lg" fullWidth variant="default" loading={form.busy}>
          Save warranty claim
        </Button>
      </Stack>
    </form>
  );
}

/** The job record of an arrived or in-progress job: loading, a failed load with Try again, then its forms. */
export default function JobRecordPanel({ appointmentId }: { appointmentId: string }) {
  const answer = useJobRecord(appointmentId);
  if (answer.isPending) return <Text>Loading the job record…</Text>;
  if (answer.isError) {
    return (
      <Alert color="red" variant="light" role="alert" title="The job record could not be loaded">
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dark.8">
            {errorMessage(answer.error, 'Check your connection and try again.')}
          </Text>
          <Button variant="default" onClick={() => void answer.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      <RecordForm appointmentId={appointmentId} answer={answer.data} />
      <WaitingForm key={answer.data.waitingForParts?.since ?? 'none'} appointmentId={appointmentId} answer={answer.data} />
      <WarrantyClaimForm appointmentId={appointmentId} answer={answer.data} />
      <PhotosPanel appointmentId={appointmentId} />
    </Stack>
  );
}
