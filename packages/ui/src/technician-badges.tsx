import { Avatar, Badge, List } from '@mantine/core';
import { technicianInitials, type Technician } from '@repo/contracts';

/** The technician's photo, or their initials without one. The name is beside it, so it says nothing more aloud. */
export function TechnicianAvatar({ technician, size = 56 }: { technician: Pick<Technician, 'name' | 'avatar'>; size?: number }) {
  return (
    <Avatar src={technician.avatar} alt="" size={size} radius="xl" color="brand" aria-hidden="true">
      {technicianInitials(technician.name)}
    </Avatar>
  );
}

/**
 * The technician's specialties as a row of badges; a list, named by `label` or by the element `labelledBy` points at.
 * Each badge is a span: Mantine writes a list item's content into a span, where a div is not allowed.
 */
export function SpecialtyBadges({ specialties, label, labelledBy }: { specialties: string[]; label?: string; labelledBy?: string }) {
  return (
    <List aria-label={label} aria-labelledby={labelledBy} listStyleType="none" p={0} m={0} display="flex" style={{ flexWrap: 'wrap', gap: 6 }}>
      {specialties.map((specialty) => (
        <List.Item key={specialty}>
          <Badge component="span" variant="light" color="gray" c="dark.7" tt="none">
            {specialty}
          </Badge>
        </List.Item>
      ))}
    </List>
  );
}
