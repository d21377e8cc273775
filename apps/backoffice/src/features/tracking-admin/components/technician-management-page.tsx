import { useState } from 'react';
import { Button, Card, Container, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { tracking, type Technician } from '@repo/contracts';
import { Columns, responsiveSpacing, useDocumentTitle } from '@repo/ui';
import { useTechnicianAccounts } from '../api/technician-accounts.ts';
import { useTechnicians } from '../api/technicians.ts';
import { formatCoordinate } from '../lib/format.ts';
import { technicianMatches } from '../lib/technician-search.ts';
import { fallbackPoll, useTrackingLiveUpdates } from '../lib/live-updates.ts';
import { AddTechnicianForm } from './add-technician-form.tsx';
import { LiveIndicator } from './live-indicator.tsx';
import { ManagementTechnicianCard } from './management-technician-card.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { QueryStates } from '../../../components/query-states.tsx';
import type { SignInState } from './technician-sign-in.tsx';

const addFormId = 'add-technician-form';

function HelpBox() {
  const { lat, lng } = tracking.defaultCenter;
  return (
    <Paper component="aside" aria-labelledby="location-help-heading" bg="blue.0" p="md" radius="md">
      <Stack gap={4}>
        <Title order={2} size="h5" id="location-help-heading">
          How location sharing works
        </Title>
        <Text size="sm">
          A location saved here is shared live over a WebSocket connection: tracking administration and the customer&apos;s
          tracking page update within a second, without reloading. A technician with a phone sign-in shares their position
          automatically while on the way to a job.
        </Text>
        <Text size="sm">
          Sample coordinates for St Augustine: latitude {formatCoordinate(lat)}, longitude {formatCoordinate(lng)}.
        </Text>
      </Stack>
    </Paper>
  );
}

/** /technician-management: the technicians as cards, with inline edit, location updates, sign-ins and an add form. */
export function TechnicianManagementPage() {
  useDocumentTitle('Technician Management');
  const live = useTrackingLiveUpdates();
  const technicians = useTechnicians(fallbackPoll(live, tracking.pollTechniciansMs));
  const accounts = useTechnicianAccounts();
  const [adding, setAdding] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const query = search.trim();
  // The technician being edited stays shown whatever the search, so what was typed into their form is never lost.
  const shown = <T extends Technician>(list: T[]) =>
    list.filter((technician) => technician.id === editingId || technicianMatches(technician, query, accounts.data?.find((account) => account.technicianId === technician.id)?.email));
  const counted = (count: number) => `${count} ${count === 1 ? 'technician' : 'technicians'}`;

  const signInOf = (technicianId: string): SignInState =>
    accounts.data
      ? { state: 'ready', account: accounts.data.find((account) => account.technicianId === technicianId) }
      : accounts.isPending
        ? { state: 'loading' }
        : { state: 'unavailable' };

  return (
    <Container size="xl" {...responsiveSpacing({ py: { base: 'lg', sm: 40 } })}>
      <Stack gap="lg">
        <PageHeader title="Technician Management" description="Technicians, their details and where they are.">
          <Group gap="sm">
            <LiveIndicator live={live} pollMs={tracking.pollTechniciansMs} />
            <Button onClick={() => setAdding((open) => !open)} aria-expanded={adding} aria-controls={addFormId}>
              {adding ? 'Close Form' : 'Add New Technician'}
            </Button>
          </Group>
        </PageHeader>
        {adding ? (
          <Card withBorder radius="md" padding="lg" id={addFormId} component="section" aria-labelledby={`${addFormId}-title`}>
            <Title order={2} size="h3" id={`${addFormId}-title`} mb="md">
              Add New Technician
            </Title>
            <AddTechnicianForm onDone={() => setAdding(false)} />
          </Card>
        ) : null}
        <HelpBox />
        <section aria-labelledby="technicians-heading">
          <Title order={2} size="h3" id="technicians-heading" mb="md">
            Technicians
          </Title>
          <QueryStates
            query={technicians}
            what="technicians"
            empty="No technicians yet. Add the first one with Add New Technician."
            isEmpty={(list) => list.length === 0}
          >
            {(list) => {
              const matching = shown(list);
              return (
                <Stack gap="md">
                  <TextInput
                    type="search"
                    label="Search technicians"
                    description="By any part of the name, vehicle, specialty or sign-in email, or by phone digits in any format"
                    value={search}
                    onChange={(event) => setSearch(event.currentTarget.value)}
                    maw={520}
                    autoComplete="off"
                  />
                  <Text size="sm" role="status" aria-live="polite" c="dimmed">
                    {query ? `${matching.length} of ${counted(list.length)} ${matching.length === 1 ? 'matches' : 'match'} “${query}”` : `${counted(list.length)} in all`}
                  </Text>
                  {matching.length === 0 ? (
                    <Text>{`No technicians match “${query}”.`}</Text>
                  ) : (
                    <Columns cols={{ base: 1, md: 2, xl: 3 }}>
                      {matching.map((technician) => (
                        <ManagementTechnicianCard
                          key={technician.id}
                          technician={technician}
                          editing={editingId === technician.id}
                          onEdit={(editing) => setEditingId(editing ? technician.id : null)}
                          signIn={signInOf(technician.id)}
                        />
                      ))}
                    </Columns>
                  )}
                </Stack>
              );
            }}
          </QueryStates>
        </section>
      </Stack>
    </Container>
  );
}
