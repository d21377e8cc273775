import { useState, type FormEvent } from 'react';
import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { alwaysSentMessages, preferenceMessages, preferenceTopicLabels, preferenceTopics, type MessagePreferences, type TopicChoices } from '@repo/contracts';
import { errorMessage } from '@repo/ui';
import { useSavePreferences, type PreferencesSource } from '../api/preferences.ts';

const unreachable = 'Your choices could not be saved. Please check your connection and try again.';

/**
 * Every optional topic with a box per channel (texts only for the topics that are texted), and Save. The boxes start
 * from what the server holds and follow it when it changes (an unsubscribe above the form); what happened to the last
 * save is said under the button.
 */
export function PreferencesForm({ source, preferences }: { source: PreferencesSource; preferences: MessagePreferences }) {
  const save = useSavePreferences(source);
  const [draft, setDraft] = useState<TopicChoices>(preferences.choices);
  const [heldFrom, setHeldFrom] = useState(preferences);
  const [outcome, setOutcome] = useState<{ saved: boolean; message: string } | null>(null);
  if (heldFrom !== preferences) {
    setHeldFrom(preferences);
    setDraft(preferences.choices);
  }

  const choose = (topic: keyof TopicChoices, channel: 'email' | 'sms', on: boolean) => {
    setDraft((current) => ({ ...current, [topic]: { ...current[topic], [channel]: on } }));
    setOutcome(null);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    try {
      await save.mutateAsync(draft);
      setOutcome({ saved: true, message: preferenceMessages.saved });
    } catch (error) {
      setOutcome({ saved: false, message: errorMessage(error, unreachable) });
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} aria-label="Message preferences" aria-busy={save.isPending}>
      <Stack gap="lg">
        {preferenceTopics.map((topic) => {
          const { label, description, texts } = preferenceTopicLabels[topic];
          return (
            <fieldset key={topic} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }} aria-describedby={`topic-${topic}-about`}>
              <Text component="legend" fw={700}>
                {label}
              </Text>
              <Text size="sm" c="dimmed" id={`topic-${topic}-about`} mb="xs">
                {description}
              </Text>
              <Group gap="xl">
                <Checkbox label="Email" checked={draft[topic].email} disabled={save.isPending} onChange={(event) => choose(topic, 'email', event.currentTarget.checked)} />
                {texts ? (
                  <Checkbox label="Text messages" checked={draft[topic].sms} disabled={save.isPending} onChange={(event) => choose(topic, 'sms', event.currentTarget.checked)} />
                ) : null}
              </Group>
            </fieldset>
          );
        })}
        <Text size="sm" c="dimmed">
          {alwaysSentMessages} Texts go only to a number you agreed to texts for; reply STOP to any text to stop them all.
        </Text>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save choices'}
          </Button>
        </div>
        <Text size="sm" role="status" c="green.9">
          {outcome?.saved ? outcome.message : ''}
        </Text>
        {outcome && !outcome.saved ? (
          <Text size="sm" role="alert" c="red.9">
            {outcome.message}
          </Text>
        ) : null}
      </Stack>
    </form>
  );
}
