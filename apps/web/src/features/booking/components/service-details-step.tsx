import { Button, Group, NativeSelect, SimpleGrid, Stack, Textarea } from '@mantine/core';
import { appliances, brands, serviceDetailsSchema, serviceTypes, type AppointmentRequest } from '@repo/contracts';
import type { FieldErrorsState } from '@repo/ui';
import { ApplianceIntakeFields, type IntakeValues } from './appliance-intake-fields.tsx';
import { BookingPhotos, type WizardPhoto } from './booking-photos.tsx';

export type ServiceDetails = { serviceType: string; appliance: string; brand: string; description: string } & IntakeValues;
/** Service details that passed the contract's check. */
export type CheckedServiceDetails = Pick<AppointmentRequest, 'serviceType' | 'appliance' | 'brand' | 'description' | 'modelNumber' | 'serialNumber' | 'warranty' | 'homeWarrantyCompany'>;

type Props = {
  details: ServiceDetails;
  errors: FieldErrorsState<keyof ServiceDetails>;
  onFieldChange: (name: keyof ServiceDetails, value: string) => void;
  onBack: () => void;
  /** Next with details that pass the check; otherwise the fields show their messages and `onMissing` is called. */
  onNext: (checked: CheckedServiceDetails) => void;
  onMissing: () => void;
  /** The optional photos (kept by the wizard, so they stay when the visitor goes on and comes back). */
  photos: WizardPhoto[];
  updatePhotos: (change: (current: WizardPhoto[]) => WizardPhoto[]) => void;
  photoNotice: string | null;
};

const withPlaceholder = (placeholder: string, values: readonly string[]) => [{ value: '', label: placeholder, disabled: true }, ...values.map((value) => ({ value, label: value }))];

/**
 * The details as the booking sends them: an optional field left empty is not sent, and the plan company only with a
 * home-warranty plan (its field is hidden otherwise).
 */
function detailsToCheck(details: ServiceDetails) {
  const homeWarranty = details.warranty === 'home-warranty';
  return {
    ...details,
    description: details.description || undefined,
    modelNumber: details.modelNumber.trim() || undefined,
    serialNumber: details.serialNumber.trim() || undefined,
    warranty: details.warranty || undefined,
    homeWarrantyCompany: (homeWarranty && details.homeWarrantyCompany.trim()) || undefined,
  };
}

/** Step 2. It checks its own fields (this module loads with the step, and the contract's checks with it). */
export function ServiceDetailsStep({ details, errors, onFieldChange, onBack, onNext, onMissing, photos, updatePhotos, photoNotice }: Props) {
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
      <ApplianceIntakeFields appliance={details.appliance} values={details} errors={errors} onFieldChange={onFieldChange} />
      <BookingPhotos photos={photos} update={updatePhotos} notice={photoNotice} />
      <Group justify="space-between">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button
          onClick={() => {
            const checked = errors.check(serviceDetailsSchema, detailsToCheck(details));
            if (checked) onNext(checked);
            else onMissing();
          }}
        >
          Next: Contact Info
        </Button>
      </Group>
    </Stack>
  );
}
