import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { estimatePaths } from '@repo/contracts';
import { showToast } from '@repo/ui';
import { EstimateDecisionForm, EstimateSummary } from '@repo/ui/estimate';
import { useAnswerEstimate, useMyEstimates } from '../api/estimates.ts';

/**
 * The visit's estimate for the signed-in customer: the newest presented version to approve (signing in the box, or
 * by typed name for those who cannot draw) or decline, and afterwards their recorded answer.
 */
export default function AppointmentEstimate({ appointmentId }: { appointmentId: number }) {
  const estimates = useMyEstimates(appointmentId);
  const answer = useAnswerEstimate(appointmentId);
  const current = estimates.data?.items.find((estimate) => estimate.status !== 'replaced');
  if (!current) return null;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="estimate-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="estimate-heading">
          Your estimate
        </Title>
        <EstimateSummary estimate={current} />
        {/* A plain link: the session cookie goes with it, and it works before the page's script has loaded. */}
        <Anchor href={estimatePaths.pdf(current.id)} download size="sm">
          Download the estimate (PDF)
        </Anchor>
        {current.status === 'sent' ? (
          <>
            <Text size="sm">Approve to let the technician go ahead with this work at this price, or decline it.</Text>
            <EstimateDecisionForm
              key={current.id}
              drawingRequired={false}
              onDecide={async (outcome, decision) => {
                await answer.mutateAsync({ id: current.id, outcome, decision });
                showToast({ title: outcome === 'approved' ? 'Estimate approved' : 'Estimate declined', description: 'Thank you: we have recorded your answer.' });
              }}
            />
          </>
        ) : null}
      </Stack>
    </Card>
  );
}
