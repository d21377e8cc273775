import { Button, NumberInput, Stack, TextInput } from '@mantine/core';
import { tracking, type Technician, type UpdateLocation } from '@repo/contracts';
import { Columns, showToast } from '@repo/ui';
import { useUpdateLocation } from '../api/technicians.ts';
import { checkLocation, type LocationFields } from '../lib/technician-forms.ts';
import { useForm } from '../../../lib/use-form.ts';

const fields: readonly LocationFields[] = ['lat', 'lng', 'address'];
const empty = { lat: '', lng: '', address: '' };

/** A card's Update Location form: latitude, longitude and address, all required; cleared once saved. */
export function UpdateLocationForm({ technician }: { technician: Technician }) {
  const form = useForm<LocationFields>(empty);
  const update = useUpdateLocation();

  const send = async (location: UpdateLocation) => {
    await update.mutateAsync({ id: technician.id, location });
    showToast({ title: 'Location Updated', description: `${technician.name}'s location has been shared.` });
    form.reset();
  };

  return (
    <form aria-label={`Update Location for ${technician.name}`} {...form.formProps(checkLocation, send, { title: 'Update Failed', fallback: 'Failed to update location', fields })}>
      <Stack gap="sm">
        <Columns cols={2} spacing="sm">
          <NumberInput label="Latitude" step={tracking.coordinateStep} hideControls placeholder="29.9012" allowDecimal {...form.numberField('lat')} />
          <NumberInput label="Longitude" step={tracking.coordinateStep} hideControls placeholder="-81.3124" allowDecimal {...form.numberField('lng')} />
        </Columns>
        <TextInput label="Address" placeholder="48 King St, St Augustine, FL" {...form.field('address')} />
        <Button type="submit" variant="light" loading={form.busy}>
          Update Location
        </Button>
      </Stack>
    </form>
  );
}
