import { Button, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { tracking, type Technician } from '@repo/contracts';
import { showToast } from '@repo/ui';
import { useUpdateLocation } from '../api/technicians.ts';
import { checkLocation, type LocationFields } from '../lib/technician-forms.ts';
import { reportFailure, useForm } from '../lib/use-form.ts';

const fields: readonly LocationFields[] = ['lat', 'lng', 'address'];
const empty = { lat: '', lng: '', address: '' };

/** A card's Update Location form: latitude, longitude and address, all required; cleared once saved. */
export function UpdateLocationForm({ technician }: { technician: Technician }) {
  const form = useForm<LocationFields>(empty);
  const update = useUpdateLocation();

  const save = () =>
    form.submit(checkLocation(form.values), async (location) => {
      try {
        await update.mutateAsync({ id: technician.id, location });
        showToast({ title: 'Location Updated', description: `${technician.name}'s location has been shared.` });
        form.reset();
      } catch (error) {
        return reportFailure(error, 'Update Failed', 'Failed to update location', fields);
      }
    });

  return (
    <form
      noValidate
      aria-label={`Update Location for ${technician.name}`}
      {...form.scopeProps}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={2} spacing="sm">
          <NumberInput label="Latitude" step={tracking.coordinateStep} hideControls placeholder="29.9012" allowDecimal {...form.numberField('lat')} />
          <NumberInput label="Longitude" step={tracking.coordinateStep} hideControls placeholder="-81.3124" allowDecimal {...form.numberField('lng')} />
        </SimpleGrid>
        <TextInput label="Address" placeholder="48 King St, St Augustine, FL" {...form.field('address')} />
        <Button type="submit" variant="light" loading={form.busy}>
          Update Location
        </Button>
      </Stack>
    </form>
  );
}
