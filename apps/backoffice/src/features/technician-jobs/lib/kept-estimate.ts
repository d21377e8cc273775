import { useCallback, useEffect, useRef, useState } from 'react';
import { readKept, unreachable, useResendWhenOnline, writeKept, type Kept } from './kept-on-phone.ts';

/**
 * The estimate builder's lines, kept on this phone as the job record is (lib/kept-on-phone.ts): lines changed and not
 * saved are kept while they differ from the server's and given back after a reload, with Discard; a Save draft or
 * Present that cannot reach the server is kept as pressed and sent when the connection is back (the `online` event,
 * every `resendEveryMs`, and when the builder opens again); one the server refuses when it arrives stays as changed
 * lines with the reason shown. Per estimate, in this browser only, deleted once the server has them.
 */

/** A line as the phone keeps it: the quantity as typed; a price-book line keeps the copy it took. */
export type KeptLine = { priceBookItemId: number | null; description: string; quantity: string; unitPriceCents: number; taxable: boolean };
/** A save waiting for the connection: the lines and whether they are presented to the customer. */
export type KeptEstimateSave = { lines: KeptLine[]; present: boolean };

const draftKey = (estimateId: number) => `kept-estimate-draft:${estimateId}`;
const queuedKey = (estimateId: number) => `kept-estimate-save:${estimateId}`;

/** The line with its fields in one order, or undefined when it is not a kept line. */
function lineOf(value: unknown): KeptLine | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { priceBookItemId, description, quantity, unitPriceCents, taxable } = value as Record<string, unknown>;
  if (priceBookItemId !== null && typeof priceBookItemId !== 'number') return undefined;
  if (typeof description !== 'string' || typeof quantity !== 'string' || typeof unitPriceCents !== 'number' || typeof taxable !== 'boolean') return undefined;
  return { priceBookItemId, description, quantity, unitPriceCents, taxable };
}

function linesOf(values: unknown): KeptLine[] | undefined {
  if (!Array.isArray(values)) return undefined;
  const lines = values.map(lineOf);
  return lines.every((line) => line !== undefined) ? (lines as KeptLine[]) : undefined;
}

function saveOf(values: unknown): KeptEstimateSave | undefined {
  if (typeof values !== 'object' || values === null) return undefined;
  const { lines, present } = values as Record<string, unknown>;
  const checked = linesOf(lines);
  return checked && typeof present === 'boolean' ? { lines: checked, present } : undefined;
}

const sameLines = (a: KeptLine[], b: KeptLine[]) => JSON.stringify(a.map(lineOf)) === JSON.stringify(b.map(lineOf));

/**
 * The lines this phone kept for the estimate, to start the builder from: changed lines not saved, else a save that
 * waits for the connection.
 */
export function keptEstimateLines(estimateId: number): Kept<KeptLine[]> | undefined {
  const queued = readKept(queuedKey(estimateId), saveOf);
  return readKept(draftKey(estimateId), linesOf) ?? (queued && { values: queued.values.lines, at: queued.at });
}

type Options = {
  estimateId: number;
  /** The lines as the server has them. */
  saved: KeptLine[];
  /** The lines as the builder shows them now. */
  lines: KeptLine[];
  /** Sends a save; resolves once the server has it, throws when it is refused or cannot reach the server. */
  send: (save: KeptEstimateSave) => Promise<unknown>;
  /** A kept save the server refused when it arrived: show why beside the lines. */
  onRefused: (error: unknown) => void;
};

export function useKeptEstimate({ estimateId, saved, lines, send, onRefused }: Options) {
  const [draftAt, setDraftAt] = useState(() => readKept(draftKey(estimateId), linesOf)?.at);
  const [queuedAt, setQueuedAt] = useState(() => readKept(queuedKey(estimateId), saveOf)?.at);
  const [sending, setSending] = useState(false);
  // Lines kept from before the builder opened are pointed out; lines being changed now are not.
  const [restoredAt] = useState(draftAt);
  const latest = useRef({ saved, send, onRefused });
  useEffect(() => {
    latest.current = { saved, send, onRefused };
  });

  // Kept while they differ from what the server has.
  const linesText = JSON.stringify(lines.map(lineOf));
  useEffect(() => {
    const current = linesOf(JSON.parse(linesText)) ?? [];
    if (sameLines(current, latest.current.saved)) {
      writeKept(draftKey(estimateId), undefined);
      setDraftAt(undefined);
      return;
    }
    const at = readKept(draftKey(estimateId), linesOf)?.at ?? new Date().toISOString();
    writeKept(draftKey(estimateId), { values: current, at });
    setDraftAt(at);
  }, [linesText, estimateId]);

  const sendingNow = useRef(false);
  /** Sends the kept save, if one waits and nothing is being sent. */
  const resend = useCallback(async () => {
    const queued = readKept(queuedKey(estimateId), saveOf);
    if (!queued || sendingNow.current) return;
    sendingNow.current = true;
    setSending(true);
    try {
      await latest.current.send(queued.values);
      writeKept(queuedKey(estimateId), undefined);
      setQueuedAt(undefined);
      const draft = readKept(draftKey(estimateId), linesOf);
      if (draft && sameLines(draft.values, queued.values.lines)) {
        writeKept(draftKey(estimateId), undefined);
        setDraftAt(undefined);
      }
    } catch (error) {
      if (unreachable(error)) return;
      // Refused: the lines stay as changed lines (unless more were changed since), with the reason shown.
      writeKept(queuedKey(estimateId), undefined);
      setQueuedAt(undefined);
      if (!readKept(draftKey(estimateId), linesOf)) {
        writeKept(draftKey(estimateId), { values: queued.values.lines, at: queued.at });
        setDraftAt(queued.at);
      }
      latest.current.onRefused(error);
    } finally {
      sendingNow.current = false;
      setSending(false);
    }
  }, [estimateId]);

  useResendWhenOnline(queuedAt, resend);

  /** Saves now, or keeps the save for when the connection is back; a refusal throws. */
  const save = async (next: KeptEstimateSave): Promise<void> => {
    const keep = () => {
      const at = new Date().toISOString();
      writeKept(queuedKey(estimateId), { values: next, at });
      setQueuedAt(at);
    };
    if (!navigator.onLine) return keep();
    setSending(true);
    try {
      await send(next);
    } catch (error) {
      if (unreachable(error)) return keep();
      throw error;
    } finally {
      setSending(false);
    }
    writeKept(draftKey(estimateId), undefined);
    setDraftAt(undefined);
    // An earlier kept save is older than this one: it must not arrive after it.
    writeKept(queuedKey(estimateId), undefined);
    setQueuedAt(undefined);
  };

  /** Forgets the changed lines (a save waiting for the connection stays); the builder goes back to the server's. */
  const forget = () => {
    writeKept(draftKey(estimateId), undefined);
    setDraftAt(undefined);
  };

  return { save, forget, queuedAt, sending, restoredAt: !queuedAt && draftAt !== undefined && draftAt === restoredAt ? draftAt : undefined };
}
