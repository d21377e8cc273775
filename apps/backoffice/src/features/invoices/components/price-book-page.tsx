import { useState } from 'react';
import { Button, Checkbox, Container, Group, NativeSelect, Paper, Stack, TextInput, Title } from '@mantine/core';
import { formatCents, priceBookItemInputSchema, type PriceBookItem, type PriceBookItemInput } from '@repo/contracts';
import { Columns, errorMessage, responsiveSpacing, showToast, useDocumentTitle } from '@repo/ui';
import { DataTable, type Column } from '../../../components/data-table.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryStates } from '../../../components/query-states.tsx';
import { bySchema, useForm } from '../../../lib/use-form.ts';
import { useDeletePriceBookItem, usePriceBook, useSavePriceBookItem } from '../api/price-book.ts';
import { centsToDollars, dollarsToCents } from '../../../lib/money.ts';

type Fields = 'kind' | 'name' | 'unitPriceCents';
const blank: Record<Fields, string> = { kind: 'service', name: '', unitPriceCents: '' };

/** The add or edit form: kind, name, unit price in dollars, taxable and active; messages beside the fields. */
function PriceBookItemForm({ editing, onDone }: { editing: PriceBookItem | undefined; onDone: () => void }) {
  const form = useForm<Fields>(editing ? { kind: editing.kind, name: editing.name, unitPriceCents: centsToDollars(editing.unitPriceCents) } : blank);
  const [taxable, setTaxable] = useState(editing?.taxable ?? false);
  const [active, setActive] = useState(editing?.active ?? true);
  const save = useSavePriceBookItem();
  const check = (values: Record<Fields, string>) => {
    const cents = dollarsToCents(values.unitPriceCents);
    return bySchema<Fields, PriceBookItemInput>(priceBookItemInputSchema, { kind: values.kind, name: values.name, unitPriceCents: cents ?? Number.NaN, taxable, active });
  };
  const send = async (item: PriceBookItemInput) => {
    const saved = await save.mutateAsync({ id: editing?.id, item });
    showToast({ title: editing ? 'Item saved' : 'Item added', description: `${saved.name}: ${formatCents(saved.unitPriceCents)}` });
    form.reset();
    onDone();
  };
  const failure = { title: 'Save Failed', fallback: 'The item could not be saved', fields: ['kind', 'name', 'unitPriceCents'] as const };
  const headingId = 'price-book-form-heading';
  return (
    <form aria-labelledby={headingId} {...form.formProps(check, send, failure)}>
      <Stack gap="sm">
        <Title order={2} size="h4" id={headingId}>
          {editing ? `Edit ${editing.name}` : 'Add an item'}
        </Title>
        <Columns cols={{ base: 1, sm: 3 }} spacing="sm" style={{ alignItems: 'start' }}>
          <NativeSelect label="Kind" data={[{ value: 'service', label: 'Service' }, { value: 'part', label: 'Part' }]} {...form.field('kind')} />
          <TextInput label="Name" withAsterisk autoComplete="off" {...form.field('name')} />
          <TextInput label="Unit price ($)" withAsterisk inputMode="decimal" autoComplete="off" description="e.g. 89.00" {...form.field('unitPriceCents')} />
        </Columns>
        <Group gap="lg">
          <Checkbox label="Taxable (parts usually are; labour is not)" checked={taxable} disabled={form.busy} onChange={(event) => setTaxable(event.currentTarget.checked)} />
          <Checkbox label="Active (offered on new invoices)" checked={active} disabled={form.busy} onChange={(event) => setActive(event.currentTarget.checked)} />
        </Group>
        <Group gap="sm">
          <Button type="submit" loading={form.busy}>
            {editing ? 'Save Item' : 'Add Item'}
          </Button>
          {editing ? (
            <Button variant="default" onClick={onDone} disabled={form.busy}>
              Cancel
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/** /price-book (staff): what the business bills, in dollars and cents, added to invoices as a copy. */
export function PriceBookPage() {
  useDocumentTitle('Price Book');
  const items = usePriceBook();
  const remove = useDeletePriceBookItem();
  const [editing, setEditing] = useState<PriceBookItem | undefined>(undefined);

  const columns: readonly [Column<PriceBookItem>, ...Column<PriceBookItem>[]] = [
    { header: 'Name', cell: (item) => item.name },
    { header: 'Kind', cell: (item) => (item.kind === 'part' ? 'Part' : 'Service') },
    { header: 'Unit price', cell: (item) => formatCents(item.unitPriceCents), nowrap: true },
    { header: 'Taxable', cell: (item) => (item.taxable ? 'Yes' : 'No') },
    { header: 'Active', cell: (item) => (item.active ? 'Yes' : 'No') },
    {
      header: 'Actions',
      cell: (item) => (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" aria-label={`Edit ${item.name}`} onClick={() => setEditing(item)}>
            Edit
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red.9"
            aria-label={`Remove ${item.name}`}
            loading={remove.isPending && remove.variables === item.id}
            onClick={() =>
              remove.mutate(item.id, {
                onSuccess: () => showToast({ title: 'Item removed', description: `${item.name} is no longer in the price book. Invoices keep their copy.` }),
                onError: (error) => showToast({ title: 'Remove Failed', description: errorMessage(error), variant: 'destructive' }),
              })
            }
          >
            Remove
          </Button>
        </Group>
      ),
    },
  ];

  return (
    <Container size="xl" {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })}>
      <Stack gap="lg">
        <PageHeader title="Price Book" description="Services and parts with their prices. An invoice keeps the price an item had when it was added." />
        <Paper withBorder radius="md" p="lg">
          <PriceBookItemForm key={editing?.id ?? 'new'} editing={editing} onDone={() => setEditing(undefined)} />
        </Paper>
        <QueryStates query={items} what="the price book" empty="The price book is empty: add the first item above." isEmpty={(list) => list.items.length === 0}>
          {(list) => <DataTable label="Price book" items={list.items} columns={columns} rowKey={(item) => item.id} />}
        </QueryStates>
      </Stack>
    </Container>
  );
}

