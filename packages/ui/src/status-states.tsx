import { Button, Center, Loader, Stack, Text, Title } from '@mantine/core';

export type LoadingStateProps = { title?: string; description?: string };

/** A centred spinner with a title that screen readers announce politely. */
export function LoadingState({ title = 'Loading...', description }: LoadingStateProps) {
  return (
    <Center py="xl" role="status" aria-live="polite">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Loader aria-hidden="true" />
        <Title order={2} size="h3">
          {title}
        </Title>
        {description ? <Text c="dimmed">{description}</Text> : null}
      </Stack>
    </Center>
  );
}

export type ErrorStateProps = {
  title?: string;
  description?: string;
  /** Called by Try Again; the page is reloaded when absent. */
  onRetry?: () => void;
  retryLabel?: string;
};

export function ErrorState({
  title = 'Something went wrong',
  description = "We're having trouble loading this right now.",
  onRetry = () => window.location.reload(),
  retryLabel = 'Try Again',
}: ErrorStateProps) {
  return (
    <Center py="xl" role="alert">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed">{description}</Text>
        <Button onClick={onRetry}>{retryLabel}</Button>
      </Stack>
    </Center>
  );
}

/** Shown while a lazy route's code loads. */
export function RouteLoadingState() {
  return <LoadingState title="Loading page..." />;
}

/** Shown when a route fails to render or its code fails to load (after a deploy, say); Try Again reloads. */
export function RouteErrorState() {
  return <ErrorState title="This page could not be loaded" description="Please check your connection and try again." />;
}
