import type { ReactNode } from 'react';
import { Text, Title } from '@mantine/core';
import { AppAnchor } from '@repo/ui';
import { paths } from '../config/paths.ts';

export type AppointmentHeadingProps = {
  appointmentId: number | string;
  title: string;
  /** Whether the visitor came with a link instead of a session: they have no portal to go back to. */
  viaLink: boolean;
  /** Lines under the title (the status, the latest news). */
  children?: ReactNode;
};

/** The top of a page about one appointment: back to the portal (for the signed-in owner), its number and a title. */
export function AppointmentHeading({ appointmentId, title, viaLink, children }: AppointmentHeadingProps) {
  return (
    <>
      {viaLink ? null : (
        <AppAnchor href={paths.customerPortal} size="sm">
          Back to your portal
        </AppAnchor>
      )}
      <div>
        <Text size="sm" fw={700} c="brand.7" tt="uppercase">
          {`Appointment #${appointmentId}`}
        </Text>
        <Title order={1}>{title}</Title>
        {children}
      </div>
    </>
  );
}
