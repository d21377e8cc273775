import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { ApiRequestError, errorMessage, fieldErrorsOf, showToast, useFieldErrors, type FieldErrors, type SafeParseSchema, type ToastOptions } from '@repo/ui';

/** A form's values checked before sending: the data to send, or the messages under the fields and a toast. */
export type Checked<K extends string, T> = { ok: true; data: T } | { ok: false; errors: FieldErrors<K>; toast: ToastOptions };

/** The contracts schema's verdict, its messages keyed by this form's field names. */
export function bySchema<K extends string, T>(schema: SafeParseSchema<T>, payload: unknown, rename: Partial<Record<string, K>> = {}): Checked<K, T> {
  const parsed = schema.safeParse(payload);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: FieldErrors<K> = {};
  for (const [field, message] of Object.entries(fieldErrorsOf(parsed.error))) {
    const name = (rename[field] ?? field) as K;
    errors[name] ??= message;
  }
  const first = Object.values(errors)[0] ?? 'Please check the form.';
  return { ok: false, errors, toast: { title: 'Please check the form', description: first as string } };
}

/**
 * A refused or failed send: the toast's title, the message when the server gave none, the fields it may name,
 * and refusals that are about one field whatever the body says (a 409 for a taken email, say).
 */
export type Failure<K extends string> = { title: string; fallback: string; fields: readonly K[]; statusFields?: Partial<Record<number, K>> };

/**
 * Text fields with their messages under them (`useFieldErrors`) and a toast when a check fails. While the send runs
 * the fields are disabled; a refused send shows the form's toast and the server's field messages.
 */
export function useForm<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const fieldErrors = useFieldErrors<K>();

  const set = (name: K, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    fieldErrors.clear(name);
  };

  const common = (name: K) => ({ ...fieldErrors.inputProps(name), name, value: values[name], disabled: busy });

  async function submit<T>(checked: Checked<K, T>, send: (data: T) => Promise<unknown>, failure: Failure<K>) {
    if (busy) return;
    if (!checked.ok) {
      fieldErrors.show(checked.errors);
      showToast({ ...checked.toast, variant: 'destructive' });
      return;
    }
    fieldErrors.clear();
    setBusy(true);
    try {
      await send(checked.data);
    } catch (error) {
      fieldErrors.show(reportFailure(error, failure));
    } finally {
      setBusy(false);
    }
  }

  return {
    values,
    busy,
    errors: fieldErrors.errors,
    /** Marks fields with messages (and focuses the first), as a refused check does. */
    showErrors: fieldErrors.show,
    /** Takes a field's message away (a control the form does not hold the value of was changed). */
    clearError: fieldErrors.clear,
    scopeProps: fieldErrors.scopeProps,
    /** Sets a field held by a control that answers a value, not an event (a radio group, say). */
    setValue: set,
    field: (name: K) => ({ ...common(name), onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => set(name, event.currentTarget.value) }),
    /** Mantine's NumberInput answers the value, not an event. */
    numberField: (name: K) => ({ ...common(name), onChange: (value: string | number) => set(name, String(value)) }),
    /**
     * The <form>'s props: the messages are ours (noValidate), field messages scoped to it, and submitting checks the
     * values, sends them, and reports a failure.
     */
    formProps: <T,>(check: (values: Record<K, string>) => Checked<K, T>, send: (data: T) => Promise<unknown>, failure: Failure<K>) => ({
      noValidate: true,
      ...fieldErrors.scopeProps,
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        void submit(check(values), send, failure);
      },
    }),
    reset: () => setValues(initial),
  };
}

/**
 * A refused or failed call: the form's toast with the server's message (or `fallback`), and the server's field
 * messages for the fields the form shows.
 */
export function reportFailure<K extends string>(error: unknown, { title, fallback, fields, statusFields }: Failure<K>): FieldErrors<K> {
  const message = errorMessage(error, fallback);
  showToast({ title, description: message, variant: 'destructive' });
  const errors = fieldErrorsOf(error, fields);
  const field = error instanceof ApiRequestError ? statusFields?.[error.status] : undefined;
  if (field && !errors[field]) errors[field] = message;
  return errors;
}

/** A list page's filters, refused without a toast of their own: a refused one is explained beside its field. */
export const filterFailure = { title: 'Filter Failed', fallback: 'The filters could not be applied', fields: [] as const };

/**
 * A list page's filters form (`useForm`), with the filters that came in the address (a hand-edited link, say) checked
 * at once, so the page can say what is wrong before anything is asked.
 */
export function useFiltersForm<K extends string, T>(initial: Record<K, string>, check: (values: Record<K, string>) => Checked<K, T>) {
  const form = useForm<K>(initial);
  const { showErrors } = form;
  const [onArrival] = useState(() => check(initial));
  useEffect(() => {
    if (!onArrival.ok) showErrors(onArrival.errors);
  }, [onArrival, showErrors]);
  return form;
}
