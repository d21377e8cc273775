import { Button, Group, TextInput } from '@mantine/core';
import type { CreateTechnician } from '@repo/contracts';
import { Columns, showToast } from '@repo/ui';
import { useCreateTechnician } from '../api/technicians.ts';
import { checkNewTechnician, type NewTechnicianFields } from '../lib/technician-forms.ts';
import { useForm } from '../../../lib/use-form.ts';

const fields: readonly NewTechnicianFields[] = ['name', 'phone', 'vehicleInfo', 'specialties'];

/** Technician management's Add New Technician: every field required; on success the list refreshes and the form closes. */
export function AddTechnicianForm({ onDone }: { onDone: () => void }) {
  const form = useForm<NewTechnicianFields>({ name: '', phone: '', vehicleInfo: '', specialties: '' });
  const create = useCreateTechnician();

  const send = async (technician: CreateTechnician) => {
    const created = await create.mutateAsync(technician);
    showToast({ title: 'Technician Added', description: `${created.name} has been added.` });
    onDone();
  };

  return (
    <form aria-label="Add New Technician" {...form.formProps(checkNewTechnician, send, { title: 'Add Failed', fallback: 'Failed to add technician', fields })}>
      <Columns cols={{ base: 1, sm: 2 }}>
        <TextInput label="Full Name" autoComplete="off" withAsterisk {...form.field('name')} />
        <TextInput label="Phone" type="tel" autoComplete="off" withAsterisk {...form.field('phone')} />
        <TextInput label="Vehicle Information" placeholder="2022 Ford Transit, white" withAsterisk {...form.field('vehicleInfo')} />
        <TextInput
          label="Specialties"
          description="Separate them with commas"
          placeholder="Refrigerators, Ice makers"
          withAsterisk
          {...form.field('specialties')}
        />
      </Columns>
      <Group mt="md">
        <Button type="submit" loading={form.busy}>
          Add Technician
        </Button>
        <Button variant="default" onClick={onDone} disabled={form.busy}>
          Cancel
        </Button>
      </Group>
    </form>
  );
}
