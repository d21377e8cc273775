import { Group, Text, VisuallyHidden } from '@mantine/core';
import { RoundIcon } from '@repo/ui';

const steps = ['Date & Time', 'Service Details', 'Contact Info'] as const;

/** The three numbered steps; the confirmation (step 4) marks all of them done. */
export function StepIndicator({ step }: { step: number }) {
  return (
    <Group component="ol" aria-label="Booking steps" justify="center" gap="md" wrap="wrap" p={0} m={0} style={{ listStyle: 'none' }}>
        {steps.map((label, index) => {
          const number = index + 1;
          const state = number < step ? 'done' : number === step ? 'current' : 'upcoming';
          return (
            <Group component="li" key={label} gap={8} wrap="nowrap" aria-current={state === 'current' ? 'step' : undefined}>
              <RoundIcon size={32} variant={state === 'upcoming' ? 'light' : 'filled'} color={state === 'done' ? 'green.8' : 'brand'} aria-hidden>
                {state === 'done' ? '✓' : number}
              </RoundIcon>
              <Text fw={state === 'current' ? 700 : 500} c={state === 'upcoming' ? 'dimmed' : undefined}>
                {label}
                <VisuallyHidden>{state === 'done' ? ' (completed)' : state === 'current' ? ' (current step)' : ''}</VisuallyHidden>
              </Text>
            </Group>
          );
        })}
    </Group>
  );
}
