import { Component, lazy, Suspense, useState, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { Button, Center, Stack, Text } from '@mantine/core';

type LoadFailureProps = { children: ReactNode; message: string; minHeight?: number; onRetry: () => void };

/** Catches the failed load of a part's code and offers to ask for it again; anything else goes on to the page's boundary. */
class LoadFailureBoundary extends Component<LoadFailureProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Center mih={this.props.minHeight} py="md" bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)' }} role="alert">
        <Stack gap="xs" align="center">
          <Text c="dark.6">{this.props.message}</Text>
          <Button
            variant="default"
            size="xs"
            onClick={() => {
              this.setState({ failed: false });
              this.props.onRetry();
            }}
          >
            Try again
          </Button>
        </Stack>
      </Center>
    );
  }
}

export type LazyPartOptions = {
  /** Shown while the code is on its way. */
  fallback: ReactNode;
  /** Said in the part's place when its code could not be loaded, above Try again. */
  failed: string;
  /** The failure note's least height in px, to keep the layout where the part would be (a map, say). */
  minHeight?: number;
};

/**
 * A part of a page whose code loads when it is first shown (`import()`), as a component. When the code fails to
 * arrive (a dropped connection, or a deploy since the page opened removed the old chunk) the part says so in its
 * place with Try again, which asks for the code again (a failed `lazy` component stays failed, so a new one is made),
 * and the rest of the page keeps working instead of giving way to the page's error.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as React's own `lazy`: any component's props.
export function lazyPart<T extends ComponentType<any>>(load: () => Promise<{ default: T }>, { fallback, failed, minHeight }: LazyPartOptions): ComponentType<ComponentProps<T>> {
  const first = lazy(load);
  function LazyPart(props: ComponentProps<T>) {
    const [Part, setPart] = useState(() => first);
    return (
      <LoadFailureBoundary message={failed} {...(minHeight === undefined ? {} : { minHeight })} onRetry={() => setPart(() => lazy(load))}>
        <Suspense fallback={fallback}>
          <Part {...props} />
        </Suspense>
      </LoadFailureBoundary>
    );
  }
  return LazyPart;
}
