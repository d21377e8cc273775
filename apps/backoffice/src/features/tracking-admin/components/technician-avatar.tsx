import { Avatar } from '@mantine/core';
import type { Technician } from '@repo/contracts';
import { initials } from '../lib/format.ts';

/** The technician's photo, or their initials without one. The name is beside it, so it says nothing more aloud. */
export function TechnicianAvatar({ technician, size = 56 }: { technician: Pick<Technician, 'name' | 'avatar'>; size?: number }) {
  return (
    <Avatar src={technician.avatar} alt="" size={size} radius="xl" color="brand" aria-hidden="true">
      {initials(technician.name)}
    </Avatar>
  );
}
