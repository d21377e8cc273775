import { useState, type ChangeEvent } from 'react';
import { errorMessage, fieldErrorsOf, showToast, useFieldErrors, type FieldErrors, type ToastOptions } from '@repo/ui';

/** A form's values checked before sending: the data to send, or the messages under the fields and a toast. */
export type Checked<K extends string, T> = { ok: true; data: T } | { ok: false; errors: FieldErrors<K>; toast: ToastOptions };

/**
 * Text fields with their messages under them (`useFieldErrors`) and the spec's toast when a check fails. While the
 * send runs the fields are disabled; the send may answer field messages from the server.
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

  async function submit<T>(checked: Checked<K, T>, send: (data: T) => Promise<FieldErrors<K> | void>) {
    if (busy) return;
    if (!checked.ok) {
      fieldErrors.show(checked.errors);
      showToast({ ...checked.toast, variant: 'destructive' });
      return;
    }
    fieldErrors.clear();
    setBusy(true);
    try {
      const serverErrors = await send(checked.data);
      if (serverErrors) fieldErrors.show(serverErrors);
    } finally {
      setBusy(false);
    }
  }

  return {
    values,
    busy,
    errors: fieldErrors.errors,
    scopeProps: fieldErrors.scopeProps,
    field: (name: K) => ({ ...common(name), onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(name, event.currentTarget.value) }),
    /** Mantine's NumberInput answers the value, not an event. */
    numberField: (name: K) => ({ ...common(name), onChange: (value: string | number) => set(name, String(value)) }),
    submit,
    reset: () => setValues(initial),
  };
}

/**
 * A refused or failed call: the spec's toast with the server's message (or `fallback`), and the server's field
 * messages for the fields the form shows.
 */
export function reportFailure<K extends string>(error: unknown, title: string, fallback: string, names: readonly K[]): FieldErrors<K> {
  showToast({ title, description: errorMessage(error, fallback), variant: 'destructive' });
  return fieldErrorsOf(error, names);
}
