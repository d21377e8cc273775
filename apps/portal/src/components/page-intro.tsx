import { Text, Title } from '@mantine/core';

/** A page's heading and the dimmed sentence under it that says what the page is for. */
export function PageIntro({ title, children }: { title: string; children: string }) {
  return (
    <div>
      <Title order={1}>{title}</Title>
      <Text c="dimmed" mt="xs">
        {children}
      </Text>
    </div>
  );
}
