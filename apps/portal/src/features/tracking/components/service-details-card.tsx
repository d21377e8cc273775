import { Card, Title } from '@mantine/core';
import type { TrackingRecord } from '@repo/contracts';
import { Columns } from '@repo/ui';
import { Fact } from '../../../components/fact.tsx';

/** Service Details: what the visit is for and where. */
export function ServiceDetailsCard({ record }: { record: TrackingRecord }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="service-details-heading">
      <Title order={2} size="h4" id="service-details-heading">
        Service Details
      </Title>
      <Columns component="dl" cols={{ base: 1, xs: 2 }} spacing="sm" mt="md" mb={0}>
        <Fact label="Service type">{record.service.serviceType}</Fact>
        <Fact label="Appliance">{record.service.appliance}</Fact>
        <Fact label="Brand">{record.service.brand}</Fact>
        <Fact label="Address">{record.customerLocation.address}</Fact>
      </Columns>
    </Card>
  );
}
