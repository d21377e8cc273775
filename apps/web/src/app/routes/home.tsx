import { Box, Button, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { business } from '@repo/contracts';
import { useDocumentTitle } from '@repo/ui';
import { paths } from '../../config/paths.ts';

const description =
  'Same-day appliance repair in St Augustine, FL since 1984: refrigerators, washers, dryers, dishwashers, ovens and premium brands like Sub-Zero and Wolf. Call (904) 802-1998.';

const highlights = [
  { value: business.claims.rating, label: `rating from ${business.claims.reviews} reviews` },
  { value: business.emergency, label: 'emergency service' },
  { value: `${business.yearsExperience} years`, label: `of experience, since ${business.since}` },
] as const;

const appliances = [
  'Refrigerators',
  'Wine coolers',
  'Washers',
  'Dryers',
  'Dishwashers',
  'Ovens and ranges',
  'Microwaves',
  'Garbage disposals',
  'Ice makers',
] as const;

export function HomeRoute() {
  useDocumentTitle('Appliance Repair St Augustine', description);
  return (
    <>
      <Box component="section" aria-labelledby="hero-heading" bg="brand.0" py={{ base: 48, sm: 80 }}>
        <Container size="lg">
          <Stack gap="lg" maw={760}>
            <Text fw={700} c="brand.8" tt="uppercase" fz="sm" lts={0.5}>
              Same-day service · Serving northeast Florida since {business.since}
            </Text>
            <Title order={1} id="hero-heading" fz={{ base: 32, sm: 48 }} lh={1.15}>
              Appliance Repair in St Augustine, FL
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }}>
              Fast, reliable repair for every major appliance, with a focus on premium brands like Sub-Zero, Wolf,
              Viking and Thermador. We serve St Augustine, Ponte Vedra, Nocatee, Palm Coast, Flagler Beach and Ormond
              Beach.
            </Text>
            <Group gap="sm">
              <Button component={Link} to={paths.bookAppointment} size="lg">
                Schedule Service
              </Button>
              <Button component="a" href={`tel:${business.phoneTel}`} size="lg" variant="outline">
                Call {business.phoneDisplay}
              </Button>
            </Group>
            <SimpleGrid component="ul" cols={{ base: 1, xs: 3 }} spacing="md" p={0} m={0} style={{ listStyle: 'none' }}>
              {highlights.map(({ value, label }) => (
                <li key={value}>
                  <Text fw={800} fz="xl" c="brand.8">
                    {value}
                  </Text>
                  <Text size="sm">{label}</Text>
                </li>
              ))}
            </SimpleGrid>
            <Text size="sm" c="dimmed">
              Emergency rates may apply after hours.
            </Text>
          </Stack>
        </Container>
      </Box>
      <Box component="section" aria-labelledby="appliances-heading" py={{ base: 40, sm: 64 }}>
        <Container size="lg">
          <Title order={2} id="appliances-heading">
            What we repair
          </Title>
          <List mt="md" spacing="xs" style={{ columns: '3 12rem' }}>
            {appliances.map((appliance) => (
              <List.Item key={appliance}>{appliance}</List.Item>
            ))}
          </List>
        </Container>
      </Box>
    </>
  );
}
