import { useCallback, useMemo, useState } from 'react';
import { Button, Container, Paper, Stack, Text } from '@mantine/core';
import { serviceLabels } from '@repo/contracts';
import { ErrorState, lazyPart, LoadingState, responsiveSpacing, useDocumentTitle } from '@repo/ui';
import { Notice } from '../../../components/notice.tsx';
import { PageHeader } from '../../../components/page-header.tsx';
import { env } from '../../../config/env.ts';
import { useServiceDocuments, type ServiceDocumentState } from '../api/service-documents.ts';
import { integratorInfo } from '../lib/integrator-info.ts';
import { mergeServiceDocuments, type ServiceDocument } from '../lib/merge-documents.ts';

// Scalar (a Vue app, its styles and code samples) weighs far more than the rest of the back office: only this page loads it.
const ScalarReference = lazyPart(() => import('./scalar-reference.tsx'), {
  fallback: <LoadingState title="Loading the API reference..." description="Opening the reference viewer." />,
  failed: 'The reference viewer could not be loaded.',
  minHeight: 240,
});


function MissingServices({ missing, onRetry }: { missing: Extract<ServiceDocumentState, { state: 'unreachable' }>[]; onRetry: () => void }) {
  return (
    <Notice color="red" role="alert" title="Part of the reference is missing">
      <Stack gap="xs" align="flex-start">
        <span>
          {missing.map(({ service, message }) => `The ${service} service's calls could not be read. ${message}`).join(' ')} The other
          services' calls are below.
        </span>
        <Button variant="default" size="compact-sm" onClick={onRetry}>
          Try again
        </Button>
      </Stack>
    </Notice>
  );
}

/**
 * /api-reference (staff, administrators): one reference of every service's calls for integrators, merged from the
 * documents the services generate from their routes, rendered with Scalar.
 */
export function ApiReferencePage() {
  useDocumentTitle('API Reference');
  const { services, retry } = useServiceDocuments();
  const [viewerError, setViewerError] = useState<Error>();
  const onViewerError = useCallback((error: Error) => setViewerError(error), []);

  const loading = services.some((entry) => entry.state === 'loading');
  const missing = services.filter((entry) => entry.state === 'unreachable');
  const ready = useMemo(() => services.flatMap((entry): ServiceDocument[] => (entry.state === 'ready' ? [{ service: entry.service, document: entry.document }] : [])), [services]);
  // Merged once per set of documents, so the viewer is not rebuilt on every render.
  const merged = useMemo(() => (ready.length > 0 ? mergeServiceDocuments(ready, integratorInfo(ready, env)).document : undefined), [ready]);
  const operations = merged ? Object.keys(merged.paths ?? {}).length : 0;

  let content;
  if (loading) content = <LoadingState title="Loading the API reference..." description="Asking each service for its calls." />;
  else if (!merged)
    content = (
      <ErrorState
        title="Unable to load the API reference"
        description={`No service could be read: ${missing.map(({ service, message }) => `${serviceLabels[service]}: ${message}`).join(' ')}`}
        onRetry={retry}
      />
    );
  else if (viewerError) content = <ErrorState title="Unable to show the API reference" description={viewerError.message} />;
  else if (operations === 0)
    content = (
      <Paper withBorder p="lg" radius="md">
        <Text>The services document no calls yet.</Text>
      </Paper>
    );
  else
    content = (
      <ScalarReference document={merged} onError={onViewerError} />
    );

  return (
    <>
      <Container size="xl" {...responsiveSpacing({ pt: { base: 'lg', sm: 40 } })} pb="md">
        <Stack gap="lg">
          <PageHeader
            title="API Reference"
            description="Every call of the booking, accounts, tracking and payments services, for the people who integrate with them."
          />
          {!loading && missing.length > 0 && merged ? <MissingServices missing={missing} onRetry={retry} /> : null}
        </Stack>
      </Container>
      {/* The viewer has a sidebar of its own and uses the whole width. */}
      {merged && !loading && !viewerError && operations > 0 ? content : <Container size="xl">{content}</Container>}
    </>
  );
}
