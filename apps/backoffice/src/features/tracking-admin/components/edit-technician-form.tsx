import { Button, Group, Stack, TextInput } from '@mantine/core';
import type { Technician, UpdateTechnician } from '@repo/contracts';
import { showToast } from '@repo/ui';
import { useUpdateTechnician } from '../api/technicians.ts';
import { checkTechnicianEdit, type TechnicianEditFields } from '../lib/technician-forms.ts';
import { useForm } from '../../../lib/use-form.ts';

const fields: readonly TechnicianEditFields[] = ['name', 'phone', 'vehicleInfo'];

/** The card's inline edit of name, phone and vehicle info; Save leaves edit mode on success. */
export function EditTechnicianForm({ technician, onDone }: { technician: Technician; onDone: () => void }) {
  const form = useForm<TechnicianEditFields>({ name: technician.name, phone: technician.phone, vehicleInfo: technician.vehicleInfo ?? '' });
  const update = useUpdateTechnician();

  const send = async (changes: UpdateTechnician) => {
    const saved = await update.mutateAsync({ id: technician.id, changes });
    showToast({ title: 'Technician Updated', description: `${saved.name}'s details have been saved.` });
    onDone();
  };

  return (
    <form aria-label={`Edit ${technician.name}`} {...form.formProps(checkTechnicianEdit, send, { title: 'Update Failed', fallback: 'Failed to update technician', fields })}>
      <Stack gap="sm">
        <TextInput label="Name" withAsterisk data-autofocus {...form.field('name')} />
        <TextInput label="Phone" type="tel" withAsterisk {...form.field('phone')} />
        <TextInput label="Vehicle Info" withAsterisk {...form.field('vehicleInfo')} />
        <Group gap="sm">
          <Button type="submit" loading={form.busy}>
            Save
          </Button>
          <Button variant="default" onClick={onDone} disabled={form.busy}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
