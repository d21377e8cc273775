import { Text } from '@mantine/core';
import { IntakeFacts } from '../../../components/intake-facts.tsx';
import { useJobIntake } from '../api/intake.ts';

/** The job's intake from booking, before the visit: model and serial to bring the right part, and the warranty. */
export function JobIntake({ appointmentId }: { appointmentId: string }) {
  const intake = useJobIntake(appointmentId);
  if (intake.isPending) return <Text size="sm" c="dark.6">Loading the model and serial…</Text>;
  if (intake.isError) return <Text size="sm" c="dark.6">The model and serial could not be loaded.</Text>;
  return <IntakeFacts intake={intake.data.intake} />;
}
