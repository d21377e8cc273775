/**
 * What the technician's phone, the portal and the back office share about an estimate: its lines and totals, the
 * customer's recorded answer (time, name, signature image), and the form the customer answers with (typed name and a
 * drawn signature on signature_pad). Imported only from the estimate screens' own chunks, so the pad stays out of
 * every other bundle.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { Alert, Button, Group, Image, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import SignaturePad from 'signature_pad';
import { business, estimateDecisionRequestSchema, estimateMessages, estimateStatusLabels, formatCents, type Estimate, type EstimateDecisionRequest } from '@repo/contracts';
import { errorMessage } from '../api-client.ts';
import { FieldError, fieldErrorsOf } from '../form-errors.tsx';
import { formatter } from '../format.ts';
import { PricedLineRows } from '../priced-lines.tsx';

const when = (iso: string) =>
  formatter('date', { timeZone: business.timeZone, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(new Date(iso));

/** The lines, the totals and, once answered, who answered, when and their signature. */
export function EstimateSummary({ estimate, headingLevel = 3 }: { estimate: Estimate; headingLevel?: 2 | 3 | 4 }) {
  const { decision } = estimate;
  return (
    <Stack gap="xs">
      <Title order={headingLevel} size="h5">
        Estimate {estimate.version > 1 ? `(version ${estimate.version}) ` : ''}· {estimateStatusLabels[estimate.status]}
      </Title>
      <Table aria-label={`Estimate lines, version ${estimate.version}`} layout="fixed" verticalSpacing={4} horizontalSpacing={4}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="55%">Item</Table.Th>
            <Table.Th ta="right">Qty</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <PricedLineRows lines={estimate.lines} />
      </Table>
      <Table aria-label={`Estimate totals, version ${estimate.version}`} withRowBorders={false} verticalSpacing={2}>
        <Table.Tbody>
          {([
            ['Subtotal', estimate.subtotalCents],
            ['Sales tax', estimate.taxCents],
            ['Total', estimate.totalCents],
          ] as const).map(([label, cents]) => (
            <Table.Tr key={label}>
              <Table.Th scope="row" fw={label === 'Total' ? 700 : 400}>
                {label}
              </Table.Th>
              <Table.Td ta="right" fw={label === 'Total' ? 700 : 400}>
                {formatCents(cents)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {decision ? (
        <Stack gap={4}>
          <Text fw={600}>
            {decision.outcome === 'approved' ? 'Approved' : 'Declined'} by {decision.signerName} on {when(decision.at)}
            {decision.recordedBy === 'technician' ? ' (on the technician’s phone)' : decision.recordedBy === 'customer' ? ' (in the customer portal)' : ' (at the office)'}
          </Text>
          {decision.signature ? (
            <Image src={decision.signature} alt={`Signature of ${decision.signerName}`} w={240} h="auto" bd="1px solid gray.4" bg="white" />
          ) : (
            <Text size="sm">No drawn signature: the customer approved with their typed name.</Text>
          )}
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * The drawing box: a finger or a mouse signs; each stroke's end hands the drawing up as a PNG data URL (null once
 * cleared). The canvas is sized for the screen's pixel ratio so the line stays sharp.
 */
export function SignatureField({ onChange, error, note }: { onChange: (signature: string | null) => void; error?: string; note: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  const changed = useRef(onChange);
  const id = useId();
  useEffect(() => {
    changed.current = onChange;
  });
  useEffect(() => {
    const element = canvas.current!;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    element.width = element.offsetWidth * ratio;
    element.height = element.offsetHeight * ratio;
    // A browser that gives no drawing context (canvas turned off) leaves the box blank: the typed name still answers
    // where a drawing is not required.
    const context = element.getContext('2d');
    if (!context) return;
    context.scale(ratio, ratio);
    const drawing = new SignaturePad(element, { penColor: '#111827' });
    drawing.addEventListener('endStroke', () => changed.current(drawing.isEmpty() ? null : drawing.toDataURL('image/png')));
    pad.current = drawing;
    return () => drawing.off();
  }, []);
  return (
    <Stack gap={4} role="group" aria-labelledby={`${id}-label`}>
      <Text component="span" id={`${id}-label`} fw={500} size="sm">
        Signature
      </Text>
      <Text size="xs" id={`${id}-note`}>
        {note}
      </Text>
      <canvas
        ref={canvas}
        role="img"
        aria-label="Signature box: sign here with a finger or the mouse"
        aria-describedby={`${id}-note${error ? ` ${id}-error` : ''}`}
        style={{ width: '100%', height: 160, border: `1px solid ${error ? 'var(--mantine-color-red-8)' : 'var(--mantine-color-gray-6)'}`, borderRadius: 8, background: 'white', touchAction: 'none' }}
      />
      <FieldError id={`${id}-error`} message={error} />
      <div>
        <Button
          variant="default"
          size="sm"
          onClick={() => {
            pad.current?.clear();
            changed.current(null);
          }}
        >
          Clear signature
        </Button>
      </div>
    </Stack>
  );
}

type DecisionFields = 'signerName' | 'signature';

/**
 * The customer's answer to a presented estimate: their name, typed, and a signature drawn in the box; Approve or
 * Decline. `drawingRequired` on the technician's phone (the customer is there to draw); in the portal the customer may
 * approve with their typed name alone, so keyboard and switch users can answer too: `typedNameWith` says what stands
 * beside it as their signature (their signed-in account, or the appointment's own link sent to them).
 */
export function EstimateDecisionForm({
  drawingRequired,
  typedNameWith = 'your signed-in account',
  onDecide,
}: {
  drawingRequired: boolean;
  typedNameWith?: string;
  onDecide: (outcome: 'approved' | 'declined', decision: EstimateDecisionRequest) => Promise<unknown>;
}) {
  const [signerName, setSignerName] = useState('');
  const [signature, setSignature] = useState<string | null>(null);
  const [errors, setErrors] = useState<Partial<Record<DecisionFields, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState<'approved' | 'declined' | null>(null);

  const decide = async (outcome: 'approved' | 'declined') => {
    const decision = { signerName, signature };
    const checked = estimateDecisionRequestSchema.safeParse(decision);
    const found: Partial<Record<DecisionFields, string>> = checked.success ? {} : fieldErrorsOf(checked.error, ['signerName', 'signature'] as const);
    if (outcome === 'approved' && drawingRequired && signature === null) found.signature ??= estimateMessages.signatureRequired;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setPending(outcome);
    try {
      await onDecide(outcome, decision);
    } catch (error) {
      const fields = fieldErrorsOf(error, ['signerName', 'signature'] as const);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setFailure(errorMessage(error, "That didn't go through. Check your connection and try again."));
    } finally {
      setPending(null);
    }
  };

  return (
    <form
      aria-label="Approve or decline the estimate"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void decide('approved');
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Name of the person signing"
          autoComplete="name"
          value={signerName}
          error={errors.signerName}
          onChange={(event) => {
            setSignerName(event.currentTarget.value);
            setErrors((current) => ({ ...current, signerName: undefined }));
          }}
        />
        <SignatureField
          error={errors.signature}
          note={
            drawingRequired
              ? 'A drawn signature is required to approve on this phone. If the customer cannot draw, they can approve later in their customer portal with their typed name.'
              : `Draw your signature if you can; if not, your typed name and ${typedNameWith} stand as your signature.`
          }
          onChange={(drawn) => {
            setSignature(drawn);
            setErrors((current) => ({ ...current, signature: undefined }));
          }}
        />
        {failure ? (
          <Alert color="red" variant="light" role="alert">
            <Text size="sm" c="dark.8">
              {failure}
            </Text>
          </Alert>
        ) : null}
        <Group grow gap="sm">
          <Button type="submit" size="lg" loading={pending === 'approved'} disabled={pending !== null}>
            Approve estimate
          </Button>
          <Button variant="default" size="lg" loading={pending === 'declined'} disabled={pending !== null} onClick={() => void decide('declined')}>
            Decline
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
