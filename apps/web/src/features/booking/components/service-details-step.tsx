import { Button, Group, NativeSelect, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { appliances, brands, serviceTypes } from '@repo/contracts';
import type { FieldErrorsState } from '@repo/ui';

export type ServiceDetails = { serviceType: string; appliance: string; brand: string; description: string };

type Props = {
  details: ServiceDetails;
  errors: FieldErrorsState<keyof ServiceDetails>;
  onFieldChange: (name: keyof ServiceDetails, value: string) => void;
  onBack: () => void;
  onNext: () => void;
};

const withPlaceholder = (placeholder: string, values: readonly string[]) => [{ value: '', label: placeholder, disabled: true }, ...values.map((value) => ({ value, label: value }))];

export function ServiceDetailsStep({ details, errors, onFieldChange, onBack, onNext }: Props) {
  const field = (name: keyof ServiceDetails) => ({
    ...errors.inputProps(name),
    name,
    value: details[name],
    onChange: (event: React.ChangeEvent<HTMLSelectElement | HTMLTextAreaElement>) => onFieldChange(name, event.currentTarget.value),
  });
  return (
    <Stack gap="md" {...errors.scopeProps}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <NativeSelect label="Service Type" required {...field('serviceType')} data={withPlaceholder('Select service type', serviceTypes)} />
        <NativeSelect label="Appliance" required {...field('appliance')} data={withPlaceholder('Select appliance', appliances)} />
        <NativeSelect label="Brand" required {...field('brand')} data={withPlaceholder('Select brand', brands)} />
      </SimpleGrid>
      <Textarea
        label="Description (optional)"
        placeholder="Describe the issue or symptoms..."
        autosize
        minRows={3}
        maxLength={2000}
        {...field('description')}
      />
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button onClick={onNext}>Next: Contact Info</Button>
      </Group>
    </Stack>
  );
}
