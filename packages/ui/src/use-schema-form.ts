import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { forgetEarlyInput, withEarlyInput } from './early-input.ts';
import { useFieldErrors, type FieldErrors, type SafeParseSchema } from './form-errors.tsx';

export type FormValues = Record<string, string>;

/**
 * Text fields validated by a contracts schema on submit, with each message under its field (`useFieldErrors`). While
 * the submit handler runs the form is busy; on a validation failure the first invalid field gets focus. What autofill or
 * the visitor put in its fields before the page's scripts ran is kept (`withEarlyInput`).
 */
export function useSchemaForm<T extends FormValues>(schema: SafeParseSchema<T>, initialValues: T) {
  type Name = keyof T & string;
  const [values, setValues] = useState<T>(() => withEarlyInput(initialValues));
  useEffect(() => forgetEarlyInput(Object.keys(initialValues)), [initialValues]);
  const [busy, setBusy] = useState(false);
  const fieldErrors = useFieldErrors<Name>();

  function field(name: Name) {
    return {
      ...fieldErrors.inputProps(name),
      name,
      value: values[name],
      disabled: busy,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const { value } = event.currentTarget;
        setValues((current) => ({ ...current, [name]: value }));
        fieldErrors.clear(name);
      },
    };
  }

  /** Wraps a submit handler; it may answer field errors (from the server, say) to show under the fields. */
  function onSubmit(handler: (data: T) => Promise<FieldErrors<Name> | void> | FieldErrors<Name> | void) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy) return;
      const data = fieldErrors.check(schema, values);
      if (!data) return;
      setBusy(true);
      try {
        const serverErrors = await handler(data);
        if (serverErrors) fieldErrors.show(serverErrors);
      } finally {
        setBusy(false);
      }
    };
  }

  return { values, errors: fieldErrors.errors, busy, field, onSubmit, scopeProps: fieldErrors.scopeProps };
}
