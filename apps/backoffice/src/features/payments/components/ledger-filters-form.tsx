import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { paymentProviders, paymentStatuses, type PaymentListFilters } from '@repo/contracts';
import { Columns } from '@repo/ui';
import { filterFailure, useFiltersForm } from '../../../lib/use-form.ts';
import { checkFilters, type FilterValues } from '../lib/ledger-filters.ts';
import { paymentStatusLabels, providerLabels } from '../lib/labels.ts';

type LedgerFiltersFormProps = {
  initial: FilterValues;
  onApply: (filters: PaymentListFilters) => void;
  onClear: () => void;
};

/** The ledger's filters; a refused one is explained beside its field, and nothing is asked until they are right. */
export function LedgerFiltersForm({ initial, onApply, onClear }: LedgerFiltersFormProps) {
  const form = useFiltersForm(initial, checkFilters);
  return (
    <form aria-label="Filter payments" {...form.formProps(checkFilters, async (filters) => onApply(filters), filterFailure)}>
      {/* Fields with a description and fields without share one bottom line. */}
      <Columns cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" style={{ alignItems: 'end' }}>
        <NativeSelect
          label="Status"
          data={[{ value: '', label: 'Any status' }, ...paymentStatuses.map((status) => ({ value: status, label: paymentStatusLabels[status] }))]}
          {...form.field('status')}
        />
        <NativeSelect
          label="Provider"
          data={[{ value: '', label: 'Any provider' }, ...paymentProviders.map((provider) => ({ value: provider, label: providerLabels[provider] }))]}
          {...form.field('provider')}
        />
        <TextInput label="From" type="date" description="Created on or after (Eastern)" {...form.field('from')} />
        <TextInput label="To" type="date" description="Created on or before (Eastern)" {...form.field('to')} />
        <TextInput label="Reference" description="Invoice or confirmation code, whole" {...form.field('reference')} />
      </Columns>
      <Group gap="sm" mt="md">
        <Button type="submit">Apply Filters</Button>
        <Button variant="default" onClick={onClear}>
          Clear Filters
        </Button>
      </Group>
    </form>
  );
}
