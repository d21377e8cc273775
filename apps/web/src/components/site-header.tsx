import { ActionIcon, Anchor, Box, Button, Container, Group } from '@mantine/core';
import { Link } from 'react-router-dom';
import { business } from '@repo/contracts';
import { paths } from '../config/paths.ts';
import { PhoneIcon } from './phone-icon.tsx';

const tel = `tel:${business.phoneTel}`;

export function SiteHeader() {
  return (
    <Box component="header" className="app-header">
      <Container size="lg" py="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Anchor component={Link} to={paths.home} fw={800} fz={{ base: 'md', sm: 'lg' }} c="brand.8" underline="never" lh={1.2}>
            {business.name}
          </Anchor>
          <Group gap="sm" wrap="nowrap">
            <Anchor href={tel} fw={600} visibleFrom="sm">
              {business.phoneDisplay}
            </Anchor>
            <ActionIcon
              component="a"
              href={tel}
              variant="light"
              size="lg"
              hiddenFrom="sm"
              aria-label={`Call ${business.phoneDisplay}`}
            >
              <PhoneIcon />
            </ActionIcon>
            <Button component={Link} to={paths.bookAppointment} visibleFrom="sm">
              Schedule Service
            </Button>
            <Button component={Link} to={paths.bookAppointment} hiddenFrom="sm" size="sm">
              Book
            </Button>
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
