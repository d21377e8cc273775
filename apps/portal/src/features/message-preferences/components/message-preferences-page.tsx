import { useState } from 'react';
import { Alert, Button, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { preferenceTopicLabels, preferenceTopics, type MessagePreferences, type PreferenceTopic } from '@repo/contracts';
import { ApiRequestError, AppAnchor, ErrorState, errorMessage, LoadingState, useDocumentTitle, useHydrated } from '@repo/ui';
import { PageIntro } from '../../../components/page-intro.tsx';
import { paths } from '../../../config/paths.ts';
import { readableTitle } from '../../../lib/alert-styles.ts';
import { preferencesQuery, useSavePreferences, type PreferencesSource } from '../api/preferences.ts';
import { PreferencesForm } from './preferences-form.tsx';

/** The link's key, from the address's fragment (`#key=…`), which never reaches a server or its logs. */
const keyOf = (hash: string) => new URLSearchParams(hash.replace(/^#/, '')).get('key');

/** The topic an email's "Unsubscribe" link names (`?topic=reminders`), when it is one. */
function topicOf(search: string): PreferenceTopic | undefined {
  const topic = new URLSearchParams(search).get('topic');
  return preferenceTopics.find((known) => known === topic);
}

/** Why the choices cannot be shown, and the way on: signing in. */
function Refused({ title, message }: { title: string; message: string }) {
  return (
    <Alert color="red" title={title} role="alert" variant="light" styles={readableTitle}>
      <Text size="sm">{message}</Text>
      <Text size="sm" mt="xs">
        <AppAnchor href={paths.login} fw={600}>
          Log in
        </AppAnchor>{' '}
        to choose the messages we send you.
      </Text>
    </Alert>
  );
}

/**
 * The one question an email's "Unsubscribe" link asks: stop this topic's emails? Asked with a button, not done on
 * opening, since mail scanners open links. Once done it says so, and the form below shows the change.
 */
function UnsubscribeTopic({ source, topic, preferences }: { source: PreferencesSource; topic: PreferenceTopic; preferences: MessagePreferences }) {
  const save = useSavePreferences(source);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const label = preferenceTopicLabels[topic].label.toLowerCase();

  async function unsubscribe() {
    setFailure(null);
    try {
      await save.mutateAsync({ ...preferences.choices, [topic]: { ...preferences.choices[topic], email: false } });
      setDone(true);
    } catch (error) {
      setFailure(errorMessage(error, 'We could not unsubscribe you. Please check your connection and try again.'));
    }
  }

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="unsubscribe-heading">
      <Title order={2} size="h3" id="unsubscribe-heading">
        {done || !preferences.choices[topic].email ? 'You are unsubscribed' : `Stop ${label} by email?`}
      </Title>
      <Text role="status" mt="xs">
        {done || !preferences.choices[topic].email ? `We will send no more ${label} by email to ${preferences.email}. You can turn them back on below.` : ''}
      </Text>
      {!done && preferences.choices[topic].email ? (
        <Stack gap="xs" align="flex-start">
          <Text>{`We will stop emailing ${label} to ${preferences.email}. Everything else stays as it is.`}</Text>
          <Button onClick={() => void unsubscribe()} disabled={save.isPending}>
            {save.isPending ? 'Unsubscribing...' : 'Unsubscribe'}
          </Button>
          {failure ? (
            <Text size="sm" c="red.9" role="alert">
              {failure}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Card>
  );
}

/**
 * Message Preferences (/message-preferences): which optional messages a customer gets, by email and by text. Opened
 * from the link at the foot of a reminder or another optional email (`?topic=…#key=…`, no sign-in needed), or from the
 * portal's Account Info (signed in, for the account's proven email).
 */
export function MessagePreferencesPage() {
  useDocumentTitle('Message Preferences');
  const hydrated = useHydrated();
  const { hash, search } = useLocation();
  const key = keyOf(hash);
  const topic = topicOf(search);
  const source: PreferencesSource = key ? { kind: 'key', key } : { kind: 'session' };
  // The prerendered page cannot know the address's key: it asks once the scripts run.
  const query = useQuery({ ...preferencesQuery(source), enabled: hydrated });

  let body;
  if (!hydrated || query.isPending) {
    body = <LoadingState title="Loading your choices..." />;
  } else if (query.isError) {
    const status = query.error instanceof ApiRequestError ? query.error.status : undefined;
    if (status === 401) body = <Refused title="Log in to choose" message="Open the link at the foot of one of our emails, or log in to the portal." />;
    else if (status === 403 || status === 404 || status === 400) body = <Refused title="We cannot show these choices" message={errorMessage(query.error, 'This link is not valid.')} />;
    else body = <ErrorState description="We could not load your choices. Please check your connection." onRetry={() => void query.refetch()} />;
  } else {
    body = (
      <Stack gap="lg">
        {topic && key ? <UnsubscribeTopic source={source} topic={topic} preferences={query.data} /> : null}
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="choices-heading">
          <Title order={2} size="h3" id="choices-heading">
            What we send to {query.data.email}
          </Title>
          <Text size="sm" c="dimmed" mb="md">
            Untick what you would rather not get, then save.
          </Text>
          <PreferencesForm source={source} preferences={query.data} />
        </Card>
      </Stack>
    );
  }

  return (
    <Container size={640} className="frame-block">
      <Stack gap="lg">
        <PageIntro title="Message Preferences">Choose which reminders and updates we send you by email and by text.</PageIntro>
        {body}
      </Stack>
    </Container>
  );
}
