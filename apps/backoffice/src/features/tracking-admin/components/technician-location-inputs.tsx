import { useEffect, useRef, useState } from 'react';
import { NumberInput } from '@mantine/core';
import { tracking, updateLocationSchema, type Technician, type UpdateLocation } from '@repo/contracts';
import { Columns, errorMessage, fieldErrorsOf, showToast } from '@repo/ui';
import { useUpdateLocation } from '../api/technicians.ts';

/** Typing pauses this long before the position is sent, so a coordinate typed digit by digit is one update. */
export const locationInputDebounceMs = 600;

type Draft = { lat: string; lng: string };

const coordinates = [
  { name: 'lat', label: 'Latitude' },
  { name: 'lng', label: 'Longitude' },
] as const satisfies readonly { name: keyof Draft; label: string }[];

const shown = (technician: Technician): Draft => ({
  lat: technician.currentLocation ? String(technician.currentLocation.lat) : '',
  lng: technician.currentLocation ? String(technician.currentLocation.lng) : '',
});

const isNumber = (text: string) => text.trim() !== '' && !Number.isNaN(Number(text));

/** A pair of numbers the server accepts, or why not; nothing while either is not a number yet ("-", ""). */
function check(draft: Draft): { location?: UpdateLocation; errors: Partial<Record<keyof Draft, string>> } {
  if (!isNumber(draft.lat) || !isNumber(draft.lng)) return { errors: {} };
  const parsed = updateLocationSchema.safeParse({ lat: Number(draft.lat), lng: Number(draft.lng) });
  return parsed.success ? { location: parsed.data, errors: {} } : { errors: fieldErrorsOf<keyof Draft>(parsed.error, ['lat', 'lng']) };
}

/**
 * Latitude and longitude inputs that move the technician as soon as a valid pair is typed (after a short pause).
 * Text that is not a number yet is ignored; an out-of-range value says why under its field.
 */
export function TechnicianLocationInputs({ technician }: { technician: Technician }) {
  // What the person typed and has not been saved yet; the server's position otherwise, live.
  const [draft, setDraft] = useState<Draft | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const { mutate } = useUpdateLocation();
  useEffect(() => () => clearTimeout(timer.current), []);

  const values = draft ?? shown(technician);
  const { errors } = check(values);

  const send = (sent: Draft, location: UpdateLocation) =>
    mutate(
      { id: technician.id, location },
      {
        onSuccess: () => {
          showToast({ title: 'Location updated successfully', description: `${technician.name} is now at ${location.lat}, ${location.lng}.` });
          // Typing that went on while this was sent stays on screen.
          setDraft((current) => (current === sent ? null : current));
        },
        onError: (error) => showToast({ title: 'Error updating location', description: errorMessage(error), variant: 'destructive' }),
      },
    );

  const change = (name: keyof Draft, value: string | number) => {
    const next = { ...values, [name]: String(value) };
    setDraft(next);
    clearTimeout(timer.current);
    const { location } = check(next);
    if (location) timer.current = setTimeout(() => send(next, location), locationInputDebounceMs);
  };

  return (
    <Columns cols={2} spacing="sm">
      {coordinates.map(({ name, label }) => (
        <NumberInput
          key={name}
          label={label}
          step={tracking.coordinateStep}
          value={values[name]}
          onChange={(value) => change(name, value)}
          error={errors[name]}
          aria-invalid={Boolean(errors[name])}
          aria-label={`${label} of ${technician.name}`}
        />
      ))}
    </Columns>
  );
}
