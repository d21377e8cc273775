import { useState } from 'react';
import { ActionIcon, Button, Checkbox, Group, NativeSelect, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatCents, updateInvoiceLinesRequestSchema, type Invoice, type InvoiceLineInput } from '@repo/contracts';
import { fieldErrorsOf, showToast, errorMessage } from '@repo/ui';
import { usePriceBook } from '../api/price-book.ts';
import { useUpdateInvoiceLines } from '../api/invoices.ts';
import { centsToDollars, dollarsToCents } from '../../../lib/money.ts';

/** A line as the editor holds it: text as typed, checked when saved. */
type DraftLine = { key: number; priceBookItemId: number | null; description: string; quantity: string; unitPrice: string; taxable: boolean };
type LineField = 'description' | 'quantity' | 'unitPriceCents' | 'priceBookItemId';

let nextKey = 0;
const draftOf = (line: Pick<DraftLine, 'priceBookItemId' | 'description' | 'taxable'> & { quantity: number; unitPriceCents: number }): DraftLine => ({
  key: nextKey++,
  priceBookItemId: line.priceBookItemId,
  description: line.description,
  quantity: String(line.quantity),
  unitPrice: centsToDollars(line.unitPriceCents),
  taxable: line.taxable,
});

/** The lines as the API takes them; a price or quantity that is not a number is sent as NaN, which the schema names. */
const linesToSend = (lines: DraftLine[]): InvoiceLineInput[] =>
  lines.map((line) => ({
    priceBookItemId: line.priceBookItemId,
    description: line.description,
    quantity: /^\d+$/.test(line.quantity.trim()) ? Number(line.quantity) : Number.NaN,
    unitPriceCents: dollarsToCents(line.unitPrice) ?? Number.NaN,
    taxable: line.taxable,
  }));

/** The schema's messages keyed by their whole path (`lines.2.quantity`), as the server names them. */
const issueFields = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) =>
  Object.fromEntries(issues.map((issue) => [issue.path.map(String).join('.'), issue.message]).reverse());

/** Messages keyed `lines.2.quantity` as per line and field. */
function lineErrors(fields: Partial<Record<string, string>>): Record<number, Partial<Record<LineField, string>>> {
  const byLine: Record<number, Partial<Record<LineField, string>>> = {};
  for (const [key, message] of Object.entries(fields)) {
    const match = /^lines\.(\d+)\.(\w+)$/.exec(key);
    if (!message) continue;
    if (!match) continue;
    const index = Number(match[1]);
    (byLine[index] ??= {})[match[2] as LineField] ??= message;
  }
  return byLine;
}

/**
 * The lines of an invoice that may still change: add from the price book (a copy of the item, which may then be
 * changed) or a free line, change description, quantity, unit price and taxable, remove; Save Lines sends them all.
 * Each message shows under its field.
 */
export function InvoiceLinesEditor({ invoice }: { invoice: Invoice }) {
  const [lines, setLines] = useState<DraftLine[]>(() => invoice.lines.map(draftOf));
  const [errors, setErrors] = useState<Record<number, Partial<Record<LineField, string>>>>({});
  const [chosen, setChosen] = useState('');
  const priceBook = usePriceBook({ activeOnly: true });
  const save = useUpdateInvoiceLines(invoice.id);

  const change = (key: number, patch: Partial<DraftLine>) => {
    setLines((current) => current.map((line) => (line.key === key ? { ...line, ...patch } : line)));
    setErrors({});
  };
  const addFromPriceBook = () => {
    const item = priceBook.data?.items.find((candidate) => String(candidate.id) === chosen);
    if (!item) return;
    setLines((current) => [...current, draftOf({ priceBookItemId: item.id, description: item.name, quantity: 1, unitPriceCents: item.unitPriceCents, taxable: item.taxable })]);
    setChosen('');
  };
  const addFreeLine = () => setLines((current) => [...current, { key: nextKey++, priceBookItemId: null, description: '', quantity: '1', unitPrice: '', taxable: false }]);

  const submit = () => {
    const payload = linesToSend(lines);
    const checked = updateInvoiceLinesRequestSchema.safeParse({ lines: payload });
    if (!checked.success) {
      const fields = issueFields(checked.error.issues);
      setErrors(lineErrors(fields));
      showToast({ title: 'Please check the lines', description: checked.error.issues[0]?.message ?? 'A line is not complete.', variant: 'destructive' });
      return;
    }
    save.mutate(payload, {
      onSuccess: (saved) => showToast({ title: 'Lines saved', description: `${saved.number} now comes to ${formatCents(saved.totalCents)}.` }),
      onError: (error) => {
        setErrors(lineErrors(fieldErrorsOf(error)));
        showToast({ title: 'Save Failed', description: errorMessage(error, 'The lines could not be saved'), variant: 'destructive' });
      },
    });
  };

  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        Lines
      </Title>
      {lines.length === 0 ? <Text c="dimmed">No lines yet: add one from the price book or a free line.</Text> : null}
      {lines.map((line, index) => {
        const lineError = errors[index] ?? {};
        const n = index + 1;
        return (
          <Paper key={line.key} withBorder radius="md" p="sm" component="fieldset" aria-label={`Line ${n}`} style={{ margin: 0 }}>
            <Group align="flex-start" gap="sm" wrap="wrap">
              <TextInput
                label={`Description, line ${n}`}
                style={{ flex: '2 1 14rem' }}
                value={line.description}
                error={lineError.description ?? lineError.priceBookItemId}
                onChange={(event) => change(line.key, { description: event.currentTarget.value })}
                disabled={save.isPending}
              />
              <TextInput
                label={`Quantity, line ${n}`}
                inputMode="numeric"
                style={{ flex: '0 1 7rem' }}
                value={line.quantity}
                error={lineError.quantity}
                onChange={(event) => change(line.key, { quantity: event.currentTarget.value })}
                disabled={save.isPending}
              />
              <TextInput
                label={`Unit price ($), line ${n}`}
                inputMode="decimal"
                style={{ flex: '1 1 8rem' }}
                value={line.unitPrice}
                error={lineError.unitPriceCents}
                onChange={(event) => change(line.key, { unitPrice: event.currentTarget.value })}
                disabled={save.isPending}
              />
              <Checkbox label="Taxable" mt={30} checked={line.taxable} onChange={(event) => change(line.key, { taxable: event.currentTarget.checked })} disabled={save.isPending} />
              <ActionIcon
                mt={26}
                variant="subtle"
                color="red.9"
                size="lg"
                aria-label={`Remove line ${n}`}
                onClick={() => setLines((current) => current.filter((other) => other.key !== line.key))}
                disabled={save.isPending}
              >
                ×
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
      <Group align="flex-end" gap="sm">
        <NativeSelect
          label="Price book item"
          value={chosen}
          onChange={(event) => setChosen(event.currentTarget.value)}
          data={[
            { value: '', label: priceBook.isPending ? 'Loading the price book…' : 'Choose an item' },
            ...(priceBook.data?.items ?? []).map((item) => ({ value: String(item.id), label: `${item.name} (${formatCents(item.unitPriceCents)})` })),
          ]}
        />
        <Button variant="default" onClick={addFromPriceBook} disabled={!chosen}>
          Add Item
        </Button>
        <Button variant="default" onClick={addFreeLine}>
          Add Free Line
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          Save Lines
        </Button>
      </Group>
    </Stack>
  );
}
