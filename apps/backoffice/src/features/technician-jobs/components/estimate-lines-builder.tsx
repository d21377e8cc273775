import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { formatCents, invoiceLineInputSchema, updateEstimateLinesRequestSchema, type InvoiceLine, type InvoiceLineInput } from '@repo/contracts';
import { errorMessage, fieldErrorsOf } from '@repo/ui';
import { dollarsToCents } from '../../../lib/money.ts';
import { useActivePriceBook } from '../api/estimates.ts';
import { keptEstimateLines, useKeptEstimate, type KeptLine } from '../lib/kept-estimate.ts';
import { KeptNotice } from './kept-notice.tsx';

/** A line as the phone holds it (quantity as typed; a price-book line keeps the copy it took), with a key for React. */
type DraftLine = KeptLine & { key: number };
type FreeField = 'description' | 'quantity' | 'unitPriceCents';

let nextKey = 0;
const keptOf = ({ priceBookItemId, description, quantity, unitPriceCents, taxable }: Pick<InvoiceLine, 'priceBookItemId' | 'description' | 'quantity' | 'unitPriceCents' | 'taxable'>): KeptLine => ({
  priceBookItemId,
  description,
  quantity: String(quantity),
  unitPriceCents,
  taxable,
});
const withKey = (line: KeptLine): DraftLine => ({ key: nextKey++, ...line });
const draftOf = (line: Parameters<typeof keptOf>[0]): DraftLine => withKey(keptOf(line));
const withoutKey = ({ key: _key, ...line }: DraftLine): KeptLine => line;
const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text) : Number.NaN);

const toSend = (lines: KeptLine[]): InvoiceLineInput[] =>
  lines.map((line) => ({ priceBookItemId: line.priceBookItemId, description: line.description, quantity: wholeNumber(line.quantity), unitPriceCents: line.unitPriceCents, taxable: line.taxable }));

/** `lines.2.quantity` → line 2's message. */
function quantityErrors(fields: Record<string, string | undefined>): Record<number, string> {
  const byLine: Record<number, string> = {};
  for (const [key, message] of Object.entries(fields)) {
    const match = /^lines\.(\d+)\.\w+$/.exec(key);
    if (match && message) byLine[Number(match[1])] ??= message;
  }
  return byLine;
}

/**
 * The estimate's lines on the phone: search the price book and tap to add, or add a free line (description,
 * quantity, unit price, taxable); change quantities, remove; save as a draft or present it. Each message shows next to
 * its field. What is changed, and a save made with no connection, is kept on the phone (lib/kept-estimate.ts).
 */
export function EstimateLinesBuilder({
  estimateId,
  initial,
  saving,
  onSave,
  onCancel,
}: {
  estimateId: number;
  initial: InvoiceLine[];
  saving: boolean;
  onSave: (lines: InvoiceLineInput[], present: boolean) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const [restored] = useState(() => keptEstimateLines(estimateId));
  const [lines, setLines] = useState<DraftLine[]>(() => (restored ? restored.values.map(withKey) : initial.map(draftOf)));
  const [search, setSearch] = useState('');
  const [free, setFree] = useState({ description: '', quantity: '1', unitPrice: '', taxable: true });
  const [freeErrors, setFreeErrors] = useState<Partial<Record<FreeField, string>>>({});
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const priceBook = useActivePriceBook();

  const term = search.trim().toLowerCase();
  const matches = term === '' ? [] : (priceBook.data?.items ?? []).filter((item) => item.name.toLowerCase().includes(term)).slice(0, 6);

  const addFree = () => {
    const line = { description: free.description, quantity: wholeNumber(free.quantity), unitPriceCents: dollarsToCents(free.unitPrice) ?? Number.NaN, taxable: free.taxable };
    const checked = invoiceLineInputSchema.safeParse(line);
    if (!checked.success) {
      setFreeErrors(fieldErrorsOf(checked.error, ['description', 'quantity', 'unitPriceCents'] as const));
      return;
    }
    setLines((current) => [...current, draftOf({ priceBookItemId: null, description: checked.data.description!, quantity: checked.data.quantity, unitPriceCents: checked.data.unitPriceCents!, taxable: free.taxable })]);
    setFree({ description: '', quantity: '1', unitPrice: '', taxable: true });
    setFreeErrors({});
  };

  /** The server's refusal, beside the lines it names or above the buttons. */
  const showRefusal = (error: unknown) => {
    const byLine = quantityErrors(fieldErrorsOf(error));
    setLineErrors(byLine);
    if (Object.keys(byLine).length === 0) setFailure(errorMessage(error, "That didn't go through. Check your connection and try again."));
  };
  const kept = useKeptEstimate({
    estimateId,
    saved: initial.map(keptOf),
    lines: lines.map(withoutKey),
    send: (next) => onSave(toSend(next.lines), next.present),
    onRefused: showRefusal,
  });

  const save = async (present: boolean) => {
    const checked = updateEstimateLinesRequestSchema.safeParse({ lines: toSend(lines.map(withoutKey)) });
    setFailure(null);
    if (!checked.success) {
      setLineErrors(quantityErrors(Object.fromEntries(checked.error.issues.map((issue) => [issue.path.map(String).join('.'), issue.message]))));
      return;
    }
    setLineErrors({});
    try {
      await kept.save({ lines: lines.map(withoutKey), present });
    } catch (error) {
      showRefusal(error);
    }
  };
  const discard = () => {
    kept.forget();
    setLines(initial.map(draftOf));
  };
  const busy = saving || kept.sending;

  return (
    <Stack gap="md">
      <Stack gap="xs">
        <TextInput label="Search the price book" description="Parts and services, by name" value={search} onChange={(event) => setSearch(event.currentTarget.value)} />
        {term !== '' && matches.length === 0 && priceBook.data ? <Text size="sm">Nothing in the price book matches “{search.trim()}”. Add it as a free line below.</Text> : null}
        {matches.map((item) => (
          <Button
            key={item.id}
            variant="light"
            fullWidth
            justify="space-between"
            styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
            h="auto"
            mih={44}
            py={6}
            onClick={() => {
              setLines((current) => [...current, draftOf({ priceBookItemId: item.id, description: item.name, quantity: 1, unitPriceCents: item.unitPriceCents, taxable: item.taxable })]);
              setSearch('');
            }}
          >
            Add {item.name} ({formatCents(item.unitPriceCents)})
          </Button>
        ))}
      </Stack>

      <Stack gap="xs" component="fieldset" style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8, padding: 12, margin: 0 }}>
        <Text component="legend" fw={600} px={4}>
          Free line
        </Text>
        <TextInput label="Description" value={free.description} error={freeErrors.description} onChange={(event) => setFree({ ...free, description: event.currentTarget.value })} />
        <Group grow gap="xs" align="flex-start">
          <TextInput label="Quantity" inputMode="numeric" value={free.quantity} error={freeErrors.quantity} onChange={(event) => setFree({ ...free, quantity: event.currentTarget.value })} />
          <TextInput label="Unit price ($)" inputMode="decimal" value={free.unitPrice} error={freeErrors.unitPriceCents} onChange={(event) => setFree({ ...free, unitPrice: event.currentTarget.value })} />
        </Group>
        <Checkbox label="Taxable (a part)" checked={free.taxable} onChange={(event) => setFree({ ...free, taxable: event.currentTarget.checked })} />
        <Button variant="default" onClick={addFree}>
          Add free line
        </Button>
      </Stack>

      <Stack gap="xs">
        <Title order={3} size="h5">
          Lines on the estimate
        </Title>
        {lines.length === 0 ? <Text size="sm">No lines yet: add from the price book or a free line.</Text> : null}
        {lines.map((line, index) => (
          <Group key={line.key} gap="xs" align="flex-start" wrap="nowrap">
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {line.description}
              </Text>
              <Text size="xs">
                {formatCents(line.unitPriceCents)} each{line.taxable ? ', taxable' : ''}
              </Text>
            </div>
            <TextInput
              w={84}
              label={
                <>
                  Qty<VisuallyHidden> of {line.description}</VisuallyHidden>
                </>
              }
              inputMode="numeric"
              value={line.quantity}
              error={lineErrors[index]}
              onChange={(event) => {
                const quantity = event.currentTarget.value;
                setLines((current) => current.map((candidate) => (candidate.key === line.key ? { ...candidate, quantity } : candidate)));
              }}
            />
            <Button variant="subtle" color="red" c="red.9" mt={24} px={8} aria-label={`Remove ${line.description}`} onClick={() => setLines((current) => current.filter((candidate) => candidate.key !== line.key))}>
              Remove
            </Button>
          </Group>
        ))}
      </Stack>

      <KeptNotice kept={{ queuedAt: kept.queuedAt, sending: kept.sending, restoredAt: kept.restoredAt, discard }} what="estimate" />
      {failure ? (
        <Alert color="red" variant="light" role="alert">
          <Text size="sm" c="dark.8">
            {failure}
          </Text>
        </Alert>
      ) : null}
      <Stack gap="xs">
        <Button size="lg" fullWidth loading={busy} disabled={lines.length === 0} onClick={() => void save(true)}>
          Present to customer
        </Button>
        <Group grow gap="xs">
          <Button variant="default" disabled={busy} onClick={() => void save(false)}>
            Save draft
          </Button>
          {onCancel ? (
            <Button variant="default" disabled={busy} onClick={onCancel}>
              Keep as presented
            </Button>
          ) : null}
        </Group>
        <Text size="xs">Tax and totals are worked out when you save, by the same rules as the invoice.</Text>
      </Stack>
    </Stack>
  );
}
