import { Box, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TrackingRecord } from '@repo/contracts';
import { RoundIcon } from '@repo/ui';
import { formatDayTime } from '../../../lib/dates.ts';
import { serviceTimeline, type TimelineStep } from '../lib/timeline.ts';

const stateText = { done: 'Done', current: 'In progress', upcoming: 'Upcoming' } as const;

function stepTime(step: TimelineStep): string | undefined {
  if (!step.time) return undefined;
  const at = formatDayTime(step.time.at);
  if (step.time.expected) return `Expected ${at}`;
  return step.state === 'current' ? `Since ${at}` : at;
}

/** Service Timeline: the five steps as an ordered list, the ongoing one marked as the current step. */
export function ServiceTimeline({ record }: { record: TrackingRecord }) {
  const steps = serviceTimeline(record);
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="timeline-heading">
      <Title order={2} size="h4" id="timeline-heading">
        Service Timeline
      </Title>
      <Stack component="ol" gap="md" mt="md" mb={0} p={0} style={{ listStyle: 'none' }}>
        {steps.map((step, index) => (
          <Box component="li" key={step.title} aria-current={step.state === 'current' ? 'step' : undefined} data-state={step.state}>
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <RoundIcon
                size="md"
                variant={step.state === 'upcoming' ? 'outline' : 'filled'}
                color={step.state === 'done' ? 'green.8' : step.state === 'current' ? 'blue.8' : 'gray.7'}
                aria-hidden="true"
              >
                <Text size="xs" fw={700} c="inherit">
                  {step.state === 'done' ? '✓' : index + 1}
                </Text>
              </RoundIcon>
              <div>
                <Text fw={step.state === 'upcoming' ? 400 : 600}>{step.title}</Text>
                <Text size="sm" c="dimmed">
                  {[stateText[step.state], stepTime(step)].filter(Boolean).join(' · ')}
                </Text>
              </div>
            </Group>
          </Box>
        ))}
      </Stack>
    </Card>
  );
}
