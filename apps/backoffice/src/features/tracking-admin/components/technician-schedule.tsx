import { useState } from 'react';
import { Button, Checkbox, Fieldset, Group, Input, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { businessDate, closureDay, formatSlot, updateTechnicianScheduleSchema, type StaffTechnician, type UpdateTechnicianSchedule, type WorkingDay } from '@repo/contracts';
import { errorMessage, showToast, useFieldErrors } from '@repo/ui';
import { useSetTechnicianSchedule } from '../api/technicians.ts';

/** Monday first, as the office reads a week. */
const weekdays = [
  { weekday: 1, name: 'Monday' },
  { weekday: 2, name: 'Tuesday' },
  { weekday: 3, name: 'Wednesday' },
  { weekday: 4, name: 'Thursday' },
  { weekday: 5, name: 'Friday' },
  { weekday: 6, name: 'Saturday' },
  { weekday: 0, name: 'Sunday' },
] as const;

type DayRow = { works: boolean; start: string; end: string };

const rowsOf = (hours: readonly WorkingDay[]): Record<number, DayRow> =>
  Object.fromEntries(
    weekdays.map(({ weekday }) => {
      const day = hours.find((working) => working.weekday === weekday);
      return [weekday, day ? { works: true, start: day.start, end: day.end } : { works: false, start: '08:00', end: '17:00' }];
    }),
  );

/**
 * Where a refusal's message goes: a weekday's start or end (`workingHours.<index>.<field>`, the index into the days
 * sent), the hours as a whole, or the days off.
 */
function fieldOf(path: readonly PropertyKey[], sent: readonly WorkingDay[]): string {
  if (path[0] === 'daysOff') return 'daysOff';
  const day = typeof path[1] === 'number' ? sent[path[1]] : undefined;
  if (path[0] === 'workingHours' && day) return `${day.weekday}-${path[2] === 'start' ? 'start' : 'end'}`;
  return 'workingHours';
}

/** The schedule as a line per weekday worked, and the days off still to come. */
function ScheduleSummary({ technician }: { technician: StaffTechnician }) {
  const today = businessDate();
  const upcoming = technician.daysOff.filter((day) => day >= today);
  const worked = weekdays.filter(({ weekday }) => technician.workingHours.some((day) => day.weekday === weekday));
  return (
    <Stack gap={4}>
      {worked.length === 0 ? (
        <Text size="sm">No working days set: every visit given to them is flagged on the dispatch board.</Text>
      ) : (
        <List size="sm" spacing={0} aria-label={`${technician.name}'s working days`}>
          {worked.map(({ weekday, name }) => {
            const day = technician.workingHours.find((working) => working.weekday === weekday)!;
            return <List.Item key={weekday}>{`${name}: ${formatSlot(`${day.start}-${day.end}`)}`}</List.Item>;
          })}
        </List>
      )}
      <Text size="sm">Days off: {upcoming.length === 0 ? 'none coming up' : upcoming.map(closureDay).join('; ')}</Text>
    </Stack>
  );
}

/** The edit: a row per weekday (works it, from, to) and the days off, sent whole. Messages sit beside their fields. */
function ScheduleForm({ technician, onDone }: { technician: StaffTechnician; onDone: () => void }) {
  const save = useSetTechnicianSchedule();
  const errors = useFieldErrors<string>();
  const [rows, setRows] = useState(() => rowsOf(technician.workingHours));
  const [daysOff, setDaysOff] = useState<string[]>(() => [...technician.daysOff]);
  const [newDayOff, setNewDayOff] = useState('');
  const name = technician.name;
  const change = (weekday: number, patch: Partial<DayRow>, field?: string) => {
    setRows((current) => ({ ...current, [weekday]: { ...current[weekday]!, ...patch } }));
    errors.clear(field ?? 'workingHours');
  };
  const addDayOff = () => {
    const parsed = updateTechnicianScheduleSchema.shape.daysOff.safeParse([newDayOff || undefined]);
    if (!parsed.success) return errors.show({ newDayOff: parsed.error.issues[0]?.message ?? 'Date is required' });
    if (daysOff.includes(newDayOff)) return errors.show({ newDayOff: `${closureDay(newDayOff)} is already a day off` });
    setDaysOff((current) => [...current, newDayOff].sort());
    setNewDayOff('');
    errors.clear('newDayOff');
  };
  const submit = async () => {
    const workingHours = weekdays.filter(({ weekday }) => rows[weekday]!.works).map(({ weekday }) => ({ weekday, start: rows[weekday]!.start, end: rows[weekday]!.end }));
    const parsed = updateTechnicianScheduleSchema.safeParse({ workingHours, daysOff });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) found[fieldOf(issue.path, workingHours)] ??= issue.message;
      errors.show(found);
      return;
    }
    try {
      await save.mutateAsync({ id: technician.id, schedule: parsed.data satisfies UpdateTechnicianSchedule });
      showToast({ title: 'Working hours saved', description: `The dispatch board now warns before giving ${name} a visit outside them.` });
      onDone();
    } catch (error) {
      showToast({ title: 'Save Working Hours Failed', description: errorMessage(error, 'Failed to save the working hours'), variant: 'destructive' });
    }
  };

  return (
    <form
      aria-label={`${name}'s working hours and days off`}
      noValidate
      {...errors.scopeProps}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Stack gap="sm">
        <Fieldset legend="Working hours" variant="unstyled">
          <Stack gap="xs">
            {weekdays.map(({ weekday, name: dayName }) => {
              const row = rows[weekday]!;
              return (
                <Group key={weekday} gap="xs" align="flex-start" wrap="wrap">
                  <Checkbox label={dayName} checked={row.works} disabled={save.isPending} onChange={(event) => change(weekday, { works: event.currentTarget.checked })} w={120} mt={8} />
                  {row.works ? (
                    <>
                      <TextInput aria-label={`${dayName} from`} type="time" value={row.start} disabled={save.isPending} w={130} {...errors.inputProps(`${weekday}-start`)} onChange={(event) => change(weekday, { start: event.currentTarget.value }, `${weekday}-start`)} />
                      <TextInput aria-label={`${dayName} to`} type="time" value={row.end} disabled={save.isPending} w={130} {...errors.inputProps(`${weekday}-end`)} onChange={(event) => change(weekday, { end: event.currentTarget.value }, `${weekday}-end`)} />
                    </>
                  ) : (
                    <Text size="sm" c="dimmed" mt={8}>
                      Not working
                    </Text>
                  )}
                </Group>
              );
            })}
            {errors.errors.workingHours ? <Input.Error>{errors.errors.workingHours}</Input.Error> : null}
          </Stack>
        </Fieldset>
        <Fieldset legend="Days off" variant="unstyled">
          <Stack gap="xs">
            {daysOff.length === 0 ? <Text size="sm">No days off.</Text> : null}
            {daysOff.map((day) => (
              <Group key={day} gap="xs">
                <Text size="sm">{closureDay(day)}</Text>
                <Button variant="subtle" size="compact-xs" aria-label={`Remove the day off on ${closureDay(day)}`} onClick={() => setDaysOff((current) => current.filter((other) => other !== day))}>
                  Remove
                </Button>
              </Group>
            ))}
            {errors.errors.daysOff ? <Input.Error>{errors.errors.daysOff}</Input.Error> : null}
            <Group gap="xs" align="flex-end" wrap="wrap">
              <TextInput
                label="Add a day off"
                type="date"
                value={newDayOff}
                disabled={save.isPending}
                {...errors.inputProps('newDayOff')}
                onChange={(event) => {
                  setNewDayOff(event.currentTarget.value);
                  errors.clear('newDayOff');
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    addDayOff();
                  }
                }}
              />
              <Button variant="default" onClick={addDayOff} disabled={save.isPending} style={{ alignSelf: errors.errors.newDayOff ? 'center' : undefined }}>
                Add Day Off
              </Button>
            </Group>
          </Stack>
        </Fieldset>
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            Save Working Hours
          </Button>
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** A technician's working hours and days off on their card: a summary, and the edit behind a button. */
export function TechnicianSchedule({ technician }: { technician: StaffTechnician }) {
  const [editing, setEditing] = useState(false);
  return (
    <section aria-label={`${technician.name}'s working hours`}>
      <Title order={4} size="h6" mb={4}>
        Working Hours
      </Title>
      {editing ? (
        <ScheduleForm technician={technician} onDone={() => setEditing(false)} />
      ) : (
        <Stack gap="xs" align="flex-start">
          <ScheduleSummary technician={technician} />
          <Button variant="default" size="xs" aria-label={`Edit Hours: ${technician.name}'s working hours and days off`} onClick={() => setEditing(true)}>
            Edit Hours
          </Button>
        </Stack>
      )}
    </section>
  );
}
