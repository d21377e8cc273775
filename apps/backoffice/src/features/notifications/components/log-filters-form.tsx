import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import { messageChannels, messageKinds, messageStates, type MessageListFilters } from '@repo/contracts';
import { Columns } from '@repo/ui';
import { messageChannelLabels, messageKindLabel, messageStateLabels } from '../../../lib/notifications.ts';
import { filterFailure, useFiltersForm } from '../../../lib/use-form.ts';
import { checkFilters, type FilterValues } from '../lib/log-filters.ts';

type LogFiltersFormProps = {
  initial: FilterValues;
  onApply: (filters: MessageListFilters) => void;
  onClear: () => void;
};

/** The log's filters; a refused one is explained beside its field, and nothing is asked until they are right. */
export function LogFiltersForm({ initial, onApply, onClear }: LogFiltersFormProps) {
  const form = useFiltersForm(initial, checkFilters);
  return (
    <form aria-label="Filter messages" {...form.formProps(checkFilters, async (filters) => onApply(filters), filterFailure)}>
      {/* Fields with a description and fields without share one bottom line. */}
      <Columns cols={{ base: 1, xs: 2, md: 3, lg: 6 }} spacing="sm" style={{ alignItems: 'end' }}>
        <NativeSelect label="Kind" data={[{ value: '', label: 'Any kind' }, ...messageKinds.map((kind) => ({ value: kind, label: messageKindLabel(kind) }))]} {...form.field('kind')} />
        <NativeSelect
          label="Channel"
          data={[{ value: '', label: 'Any channel' }, ...messageChannels.map((channel) => ({ value: channel, label: messageChannelLabels[channel] }))]}
          {...form.field('channel')}
        />
        <NativeSelect label="State" data={[{ value: '', label: 'Any state' }, ...messageStates.map((state) => ({ value: state, label: messageStateLabels[state] }))]} {...form.field('state')} />
        <TextInput label="From" type="date" description="Created on or after (Eastern)" {...form.field('from')} />
        <TextInput label="To" type="date" description="Created on or before (Eastern)" {...form.field('to')} />
        <TextInput label="Customer email" type="email" autoComplete="off" description="The whole address" {...form.field('recipient')} />
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
