import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiRequestError, type SafeParseSchema } from '@repo/ui';
import { bySchema, reportFailure, useForm, type Failure } from '../../../lib/use-form.ts';

/**
 * A technician's form that a dropped connection does not lose (the driveway has no signal as often as not):
 *
 * - What is typed is kept on this phone (localStorage) while it differs from what the server has, so a reload, a
 *   closed tab or a flat battery gives it back, marked as not saved yet, with a way to discard it.
 * - A save that cannot reach the server (the phone is offline, the request fails on the network, or the gateway
 *   answers 502, 503 or 504) is kept as it was when Save was pressed and sent when the connection comes back: at the
 *   browser's `online` event, every `resendEveryMs` while one waits, and when the form opens again. Typing after it
 *   stays a draft on top, sent only by its own Save.
 * - A kept save the server refuses when it arrives (the visit was cancelled meanwhile, the session ended) is not lost
 *   either: its values stay in the form as a draft, with the server's reason beside the fields.
 *
 * The last save to arrive is the record, as for a save made online; only the assigned technician and the office write a
 * job record, and the server checks that whenever a kept save arrives. Kept values are per appointment, in this
 * browser only, and deleted once the server has them.
 */
export const resendEveryMs = 15_000;

type Values<K extends string> = Record<K, string>;
/** What a phone keeps: the values and when they were first kept. */
export type Kept<T> = { values: T; at: string };

const draftKey = (name: string) => `kept-draft:${name}`;
const queuedKey = (name: string) => `kept-save:${name}`;

/** A kept entry whose values `check` accepts (it answers undefined for a stale or foreign entry). */
export function readKept<T>(key: string, check: (values: unknown) => T | undefined): Kept<T> | undefined {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as { values?: unknown; at?: unknown };
    if (typeof parsed.at !== 'string') return undefined;
    const values = check(parsed.values);
    return values === undefined ? undefined : { values, at: parsed.at };
  } catch {
    return undefined;
  }
}

/** Writes or (undefined) deletes an entry. Storage that is full or blocked keeps nothing; the form works as before. */
export function writeKept<T>(key: string, kept: Kept<T> | undefined): void {
  try {
    if (kept) window.localStorage.setItem(key, JSON.stringify(kept));
    else window.localStorage.removeItem(key);
  } catch {
    // Nothing to keep it in: the values stay in the form as long as the page is open.
  }
}

/** A kept entry of this form's (fields it does not know, or not strings, are a stale or foreign entry). */
function read<K extends string>(key: string, fields: readonly K[]): Kept<Values<K>> | undefined {
  return readKept(key, (values) => {
    if (typeof values !== 'object' || values === null) return undefined;
    const checked = {} as Values<K>;
    for (const field of fields) {
      const value = (values as Record<string, unknown>)[field];
      if (typeof value !== 'string') return undefined;
      checked[field] = value;
    }
    return checked;
  });
}

const sameValues = <K extends string>(a: Values<K>, b: Values<K>, fields: readonly K[]) => fields.every((field) => a[field] === b[field]);

/** The request did not reach the service: no network, or the gateway could not reach it. */
export function unreachable(error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.status === 502 || error.status === 503 || error.status === 504;
  return error instanceof TypeError;
}

/**
 * Sends a kept save (`resend`) while one waits (`queuedAt`): at once if it was kept before the form opened, then at the
 * browser's `online` event and every `resendEveryMs`.
 */
export function useResendWhenOnline(queuedAt: string | undefined, resend: () => Promise<void>): void {
  const [keptBeforeOpening] = useState(queuedAt);
  useEffect(() => {
    if (!queuedAt) return;
    const attempt = () => {
      if (navigator.onLine) void resend();
    };
    // A save kept from before the form opened is sent as soon as it opens; one kept just now waits for the connection.
    const opening = queuedAt === keptBeforeOpening ? window.setTimeout(attempt, 0) : undefined;
    window.addEventListener('online', attempt);
    const timer = window.setInterval(attempt, resendEveryMs);
    return () => {
      window.clearTimeout(opening);
      window.removeEventListener('online', attempt);
      window.clearInterval(timer);
    };
  }, [queuedAt, keptBeforeOpening, resend]);
}

export type KeptFormOptions<K extends string, T> = {
  /** The form and its record (an appointment's job record, say): what is kept is found again by it. */
  name: string;
  fields: readonly K[];
  /** The values as the server has them. */
  saved: Values<K>;
  /** The contracts schema that checks the values before they are sent or kept. */
  schema: SafeParseSchema<T> & { parse: (values: unknown) => T };
  /** Sends checked values; resolves once the server has them. */
  send: (parsed: T) => Promise<unknown>;
  /** A send is under way (the mutation's own flag). */
  sending: boolean;
  /** The server has the values (saved at once, or a kept save arrived). */
  onSent: () => void;
  failure: Failure<K>;
};

/**
 * `useForm` whose values are kept on this phone (above); `formProps()` checks them with the schema, then saves them
 * now or keeps the save for when the connection is back.
 */
export function useKeptForm<K extends string, T>({ name, fields, saved, schema, send: sendParsed, sending, onSent, failure }: KeptFormOptions<K, T>) {
  // A kept save's values were checked when Save was pressed, so parsing them again cannot refuse them.
  const send = (values: Values<K>) => sendParsed(schema.parse(values));
  const [restored] = useState(() => read(draftKey(name), fields) ?? read(queuedKey(name), fields));
  const form = useForm<K>(restored?.values ?? saved);
  const [queuedAt, setQueuedAt] = useState(() => read(queuedKey(name), fields)?.at);
  const [draftAt, setDraftAt] = useState(() => read(draftKey(name), fields)?.at);
  // A draft from before the page opened is pointed out; one being typed now is not.
  const [restoredAt] = useState(draftAt);
  const latest = useRef({ saved, send, onSent, failure, showErrors: form.showErrors });
  useEffect(() => {
    latest.current = { saved, send, onSent, failure, showErrors: form.showErrors };
  });

  // Kept as typed while it differs from what the server has; the same as the server's is nothing to keep.
  const { values } = form;
  useEffect(() => {
    if (sameValues(values, latest.current.saved, fields)) {
      writeKept(draftKey(name), undefined);
      setDraftAt(undefined);
      return;
    }
    const at = read(draftKey(name), fields)?.at ?? new Date().toISOString();
    writeKept(draftKey(name), { values, at });
    setDraftAt(at);
  }, [values, name, fields]);

  const sendingNow = useRef(false);

  /** Sends the kept save, if one waits and nothing is being sent. */
  const resend = useCallback(async () => {
    const queued = read(queuedKey(name), fields);
    if (!queued || sendingNow.current) return;
    sendingNow.current = true;
    try {
      await latest.current.send(queued.values);
      writeKept(queuedKey(name), undefined);
      setQueuedAt(undefined);
      const draft = read(draftKey(name), fields);
      if (draft && sameValues(draft.values, queued.values, fields)) {
        writeKept(draftKey(name), undefined);
        setDraftAt(undefined);
      }
      latest.current.onSent();
    } catch (error) {
      if (unreachable(error)) return;
      // Refused: the values stay as a draft (unless more was typed since), with the reason beside the fields.
      writeKept(queuedKey(name), undefined);
      setQueuedAt(undefined);
      if (!read(draftKey(name), fields)) {
        writeKept(draftKey(name), queued);
        setDraftAt(queued.at);
      }
      latest.current.showErrors(reportFailure(error, latest.current.failure));
    } finally {
      sendingNow.current = false;
    }
  }, [name, fields]);

  useResendWhenOnline(queuedAt, resend);

  /** Saves the form's values now, or keeps the save for when the connection is back. Refusals throw, as `useForm` expects. */
  const save = async (): Promise<void> => {
    const keep = () => {
      const at = new Date().toISOString();
      writeKept(queuedKey(name), { values: form.values, at });
      setQueuedAt(at);
    };
    if (!navigator.onLine) return keep();
    try {
      await send(form.values);
    } catch (error) {
      if (unreachable(error)) return keep();
      throw error;
    }
    writeKept(draftKey(name), undefined);
    setDraftAt(undefined);
    // An earlier kept save is older than this one: it must not arrive after it.
    writeKept(queuedKey(name), undefined);
    setQueuedAt(undefined);
    onSent();
  };

  /** Back to what the server has: the draft is deleted (a save waiting for the connection is not). */
  const discard = () => {
    for (const field of fields) form.setValue(field, saved[field]);
    writeKept(draftKey(name), undefined);
    setDraftAt(undefined);
  };

  return {
    form,
    formProps: () => form.formProps((values) => bySchema<K, T>(schema, values), save, failure),
    discard,
    queuedAt,
    sending,
    restoredAt: !queuedAt && draftAt !== undefined && draftAt === restoredAt ? draftAt : undefined,
  };
}

export type KeptForm = Pick<ReturnType<typeof useKeptForm>, 'queuedAt' | 'sending' | 'restoredAt' | 'discard'>;
