import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { estimatePaths } from '@repo/contracts';
import { EstimateSummary } from '@repo/ui/estimate';
import { useVisitEstimates } from '../api/invoices.ts';

/**
 * The visit's estimates beside its invoice: the one this invoice was made from first, with the customer's answer
 * (time, name, signature image), then the others, newest first.
 */
export function VisitEstimates({ appointmentId, invoiceId }: { appointmentId: number; invoiceId: number }) {
  const estimates = useVisitEstimates(appointmentId);
  const items = estimates.data?.items ?? [];
  if (items.length === 0) return null;
  const ordered = [...items].sort((a, b) => Number(b.invoiceId === invoiceId) - Number(a.invoiceId === invoiceId));
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="visit-estimates-heading">
      <Stack gap="md">
        <Title order={2} size="h4" id="visit-estimates-heading">
          Estimates for this visit
        </Title>
        {ordered.map((estimate) => (
          <Stack key={estimate.id} gap={4}>
            {estimate.invoiceId === invoiceId ? <Text size="sm">This invoice was made from this estimate.</Text> : null}
            <EstimateSummary estimate={estimate} />
            <Anchor href={estimatePaths.pdf(estimate.id)} download size="sm" aria-label={`Download PDF of estimate ${estimate.id}, version ${estimate.version}`}>
              Download PDF
            </Anchor>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
