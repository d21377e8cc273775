import { Button, Group, NativeSelect, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { appliances, brands, serviceDetailsSchema, serviceTypes, type AppointmentRequest } from '@repo/contracts';
import type { FieldErrorsState } from '@repo/ui';

export type ServiceDetails = { serviceType: string; appliance: string; brand: string; description: string };
/** Service details that passed the contract's check. */
export type CheckedServiceDetails = Pick<AppointmentRequest, 'serviceType' | 'appliance' | 'brand' | 'description'>;

type Props = {
  details: ServiceDetails;
  errors: FieldErrorsState<keyof ServiceDetails>;
  onFieldChange: (name: keyof ServiceDetails, value: string) => void;
  onBack: () => void;
  /** Next with details that pass the check; otherwise the fields show their messages and `onMissing` is called. */
  onNext: (checked: CheckedServiceDetails) => void;
  onMissing: () => void;
};

const withPlaceholder = (placeholder: string, values: readonly string[]) => [{ value: '', label: placeholder, disabled: true }, ...values.map((value) => ({ value, label: value }))];

/** Step 2. It checks its own fields (this module loads with the step, and the contract's checks with it). */
export function ServiceDetailsStep({ details, errors, onFieldChange, onBack, onNext, onMissing }: Props) {
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
        <Button
          onClick={() => {
            const checked = errors.check(serviceDetailsSchema, details);
            if (checked) onNext({ ...checked, description: checked.description || undefined });
            else onMissing();
          }}
        >
          Next: Contact Info
        </Button>
      </Group>
    </Stack>
  );
}
