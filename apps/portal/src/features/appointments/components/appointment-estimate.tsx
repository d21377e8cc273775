import { useState } from 'react';
import { Anchor, Button, Card, Stack, Text, Title } from '@mantine/core';
import { estimatePaths, type Estimate } from '@repo/contracts';
import { errorMessage, showToast } from '@repo/ui';
import { EstimateDecisionForm, EstimateSummary } from '@repo/ui/estimate';
import { downloadEstimateWithLink, useAnswerEstimate, useLinkedEstimates, useMyEstimates } from '../api/estimates.ts';

function EstimateCard({ estimate, children }: { estimate: Estimate; children: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="estimate-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="estimate-heading">
          Your estimate
        </Title>
        <EstimateSummary estimate={estimate} />
        {children}
      </Stack>
    </Card>
  );
}

/**
 * The customer's answer to the presented estimate (signing in the box, or by typed name for those who cannot draw),
 * signed in or through the manage link (`accessToken`).
 */
function Answer({ appointmentId, estimate, accessToken }: { appointmentId: number; estimate: Estimate; accessToken?: string }) {
  const answer = useAnswerEstimate(appointmentId, accessToken);
  if (estimate.status !== 'sent') return null;
  return (
    <>
      <Text size="sm">Approve to let the technician go ahead with this work at this price, or decline it.</Text>
      <EstimateDecisionForm
        key={estimate.id}
        drawingRequired={false}
        typedNameWith={accessToken === undefined ? 'your signed-in account' : 'this appointment’s own link, which we sent only to you,'}
        onDecide={async (outcome, decision) => {
          await answer.mutateAsync({ id: estimate.id, outcome, decision });
          showToast({ title: outcome === 'approved' ? 'Estimate approved' : 'Estimate declined', description: 'Thank you: we have recorded your answer.' });
        }}
      />
    </>
  );
}

/** The visit's estimate for the signed-in customer: the newest presented version to answer, then their recorded answer; and its PDF. */
function SignedInEstimate({ appointmentId }: { appointmentId: number }) {
  const estimates = useMyEstimates(appointmentId);
  const current = estimates.data?.items.find((estimate) => estimate.status !== 'replaced');
  if (!current) return null;
  return (
    <EstimateCard estimate={current}>
      {/* A plain link: the session cookie goes with it, and it works before the page's script has loaded. */}
      <Anchor href={estimatePaths.pdf(current.id)} download size="sm">
        Download the estimate (PDF)
      </Anchor>
      <Answer appointmentId={appointmentId} estimate={current} />
    </EstimateCard>
  );
}

/** The estimate for a visitor who opened the page by its manage link: to read, download and answer with that link. */
function LinkedEstimate({ appointmentId, accessToken }: { appointmentId: number; accessToken: string }) {
  const estimates = useLinkedEstimates(appointmentId, accessToken);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string>();
  const current = estimates.data?.items.find((estimate) => estimate.status !== 'replaced');
  if (!current) return null;
  async function download(id: number) {
    setFailure(undefined);
    setBusy(true);
    try {
      await downloadEstimateWithLink(id, accessToken);
    } catch (err) {
      setFailure(errorMessage(err, 'We could not download the estimate. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <EstimateCard estimate={current}>
      <Button variant="light" loading={busy} onClick={() => void download(current.id)} style={{ alignSelf: 'flex-start' }}>
        Download the estimate (PDF)
      </Button>
      {failure ? (
        <Text size="sm" c="red.8" role="alert">
          {failure}
        </Text>
      ) : null}
      <Answer appointmentId={appointmentId} estimate={current} accessToken={accessToken} />
    </EstimateCard>
  );
}

/** The visit's estimate on its appointment page, to read, download and answer: signed in, or through the manage link. */
export default function AppointmentEstimate({ appointmentId, accessToken }: { appointmentId: number; accessToken: string | undefined }) {
  return accessToken === undefined ? <SignedInEstimate appointmentId={appointmentId} /> : <LinkedEstimate appointmentId={appointmentId} accessToken={accessToken} />;
}
