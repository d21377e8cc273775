import { useEffect, useRef, useState } from 'react';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Technician } from '@repo/contracts';
import { errorMessage, showToast } from '@repo/ui';
import { Notice } from '../../../components/notice.tsx';
import { useSetTechnicianActive } from '../api/technicians.ts';

/**
 * Deactivate (asked first: what it does) or reactivate a technician. Busy while it runs; a refusal is said here.
 * Focus goes back to the button that asked.
 */
export function TechnicianActivation({ technician }: { technician: Technician }) {
  const change = useSetTechnicianActive();
  const [asking, setAsking] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const wasAsking = useRef(false);
  useEffect(() => {
    if (!asking && wasAsking.current) toggle.current?.focus();
    wasAsking.current = asking;
  }, [asking]);
  const name = technician.name;
  const run = (active: boolean) =>
    change.mutate(
      { id: technician.id, active },
      {
        onSuccess: () => {
          setAsking(false);
          showToast(
            active
              ? { title: 'Technician reactivated', description: `${name} can be assigned jobs and sign in again.` }
              : { title: 'Technician deactivated', description: `${name} gets no new jobs and can no longer sign in.` },
          );
        },
      },
    );
  return (
    <Stack gap="xs">
      {asking ? (
        <Paper withBorder radius="md" p="sm" role="group" aria-label={`Confirm deactivating ${name}`}>
          <Stack gap="xs">
            <Text size="sm">
              Deactivate {name}? They keep their history and current jobs, but are offered no new jobs and can no longer sign in. You can reactivate
              them later.
            </Text>
            <Group gap="sm">
              <Button color="red.9" onClick={() => run(false)} loading={change.isPending} autoFocus>
                Deactivate
              </Button>
              <Button variant="default" onClick={() => setAsking(false)} disabled={change.isPending}>
                Keep Active
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : technician.active ? (
        <Button
          ref={toggle}
          variant="outline"
          color="red.9"
          size="xs"
          style={{ alignSelf: 'flex-start' }}
          aria-label={`Deactivate ${name}`}
          onClick={() => {
            change.reset();
            setAsking(true);
          }}
        >
          Deactivate
        </Button>
      ) : (
        <Button ref={toggle} variant="light" size="xs" style={{ alignSelf: 'flex-start' }} aria-label={`Reactivate ${name}`} loading={change.isPending} onClick={() => run(true)}>
          Reactivate
        </Button>
      )}
      {change.isError ? (
        <Notice color="red" role="alert" title="Not changed">
          {errorMessage(change.error)}
        </Notice>
      ) : null}
    </Stack>
  );
}
