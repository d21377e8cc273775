import { Button, Group, NativeSelect, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { appliances, brands, serviceTypes } from '@repo/contracts';

export type ServiceDetails = { serviceType: string; appliance: string; brand: string; description: string };

type Props = {
  details: ServiceDetails;
  onChange: (details: ServiceDetails) => void;
  onBack: () => void;
  onNext: () => void;
};

const withPlaceholder = (placeholder: string, values: readonly string[]) => [{ value: '', label: placeholder, disabled: true }, ...values.map((value) => ({ value, label: value }))];

export function ServiceDetailsStep({ details, onChange, onBack, onNext }: Props) {
  const set = (field: keyof ServiceDetails) => (event: React.ChangeEvent<HTMLSelectElement | HTMLTextAreaElement>) =>
    onChange({ ...details, [field]: event.currentTarget.value });
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <NativeSelect label="Service Type" required value={details.serviceType} onChange={set('serviceType')} data={withPlaceholder('Select service type', serviceTypes)} />
        <NativeSelect label="Appliance" required value={details.appliance} onChange={set('appliance')} data={withPlaceholder('Select appliance', appliances)} />
        <NativeSelect label="Brand" required value={details.brand} onChange={set('brand')} data={withPlaceholder('Select brand', brands)} />
      </SimpleGrid>
      <Textarea
        label="Description (optional)"
        placeholder="Describe the issue or symptoms..."
        autosize
        minRows={3}
        maxLength={2000}
        value={details.description}
        onChange={set('description')}
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
