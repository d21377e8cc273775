import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { messagePreferencesByKeyPath, messagePreferencesPath, type MessagePreferences, type TopicChoices } from '@repo/contracts';
import { apiJson } from '@repo/ui';

/**
 * Whose choices a page shows: the key from a preferences link (signed out; it travels in the request's body, never in
 * an address), or the signed-in customer's session.
 */
export type PreferencesSource = { kind: 'key'; key: string } | { kind: 'session' };

const preferencesKey = (source: PreferencesSource) => [messagePreferencesPath, source.kind] as const;

/** The choices: POST …/by-key with the key, or GET with the session. A refusal is shown, never retried. */
export const preferencesQuery = (source: PreferencesSource) =>
  queryOptions({
    queryKey: preferencesKey(source),
    queryFn: ({ signal }) =>
      source.kind === 'key'
        ? apiJson<MessagePreferences>('POST', messagePreferencesByKeyPath, { key: source.key }, { signal })
        : apiJson<MessagePreferences>('GET', messagePreferencesPath, undefined, { signal }),
    retry: false,
  });

/** Saves every topic's choice; the answer becomes what the page shows. */
export function useSavePreferences(source: PreferencesSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (choices: TopicChoices) =>
      source.kind === 'key'
        ? apiJson<MessagePreferences>('PUT', messagePreferencesByKeyPath, { key: source.key, choices })
        : apiJson<MessagePreferences>('PUT', messagePreferencesPath, { choices }),
    onSuccess: (saved) => queryClient.setQueryData(preferencesKey(source), saved),
  });
}
