import { Button, Group, NumberInput, TextInput } from '@mantine/core';
import { tracking, type CreateTechnician } from '@repo/contracts';
import { Columns, showToast } from '@repo/ui';
import { useCreateTechnician } from '../api/technicians.ts';
import { checkAdminTechnician, type AdminTechnicianFields } from '../lib/technician-forms.ts';
import { useForm } from '../../../lib/use-form.ts';

const fields: readonly AdminTechnicianFields[] = ['name', 'phone', 'specialties', 'vehicle', 'lat', 'lng'];
const empty = { name: '', phone: '', specialties: '', vehicle: '', lat: '', lng: '' };

/** Tracking administration's Add Technician: only name and phone required; a starting position is optional. */
export function AdminAddTechnicianForm() {
  const form = useForm<AdminTechnicianFields>(empty);
  const create = useCreateTechnician();

  const send = async (technician: CreateTechnician) => {
    const created = await create.mutateAsync(technician);
    showToast({ title: 'Technician created successfully', description: `${created.name} has been added.` });
    form.reset();
  };
  const failure = { title: 'Error creating technician', fallback: 'The technician could not be created. Please try again.', fields };

  return (
    <form aria-labelledby="admin-add-technician-heading" {...form.formProps(checkAdminTechnician, send, failure)}>
      <Columns cols={{ base: 1, sm: 2 }}>
        <TextInput label="Name" withAsterisk autoComplete="off" {...form.field('name')} />
        <TextInput label="Phone" type="tel" withAsterisk autoComplete="off" {...form.field('phone')} />
        <TextInput label="Specialties" description="Separate them with commas" {...form.field('specialties')} />
        <TextInput label="Vehicle" {...form.field('vehicle')} />
        <NumberInput label="Starting latitude" step={tracking.coordinateStep} hideControls {...form.numberField('lat')} />
        <NumberInput label="Starting longitude" step={tracking.coordinateStep} hideControls {...form.numberField('lng')} />
      </Columns>
      <Group mt="md">
        <Button type="submit" loading={form.busy}>
          Add Technician
        </Button>
      </Group>
    </form>
  );
}
