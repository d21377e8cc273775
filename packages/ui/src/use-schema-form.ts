import { useState, type ChangeEvent, type FormEvent } from 'react';

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/** What the form needs of a zod schema (the contracts' schemas fit), so this package does not depend on zod. */
export type SafeParseSchema<T> = {
  safeParse: (value: unknown) => { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
};

export type FormValues = Record<string, string>;
export type FieldErrors<T extends FormValues> = Partial<Record<keyof T & string, string>>;

/** The first message per top-level field, in the order the schema reported them. */
export function fieldErrorsFromIssues<T extends FormValues>(issues: readonly Issue[]): FieldErrors<T> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && !(field in errors)) errors[field] = issue.message;
  }
  return errors as FieldErrors<T>;
}

/**
 * Text fields validated by a contracts schema on submit, with each message under its field. While the submit
 * handler runs the form is busy; on a validation failure the first invalid field gets focus.
 */
export function useSchemaForm<T extends FormValues>(schema: SafeParseSchema<T>, initialValues: T) {
  const [values, setValues] = useState<T>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [busy, setBusy] = useState(false);

  function field(name: keyof T & string) {
    return {
      name,
      value: values[name],
      error: errors[name],
      // Mantine's PasswordInput leaves aria-invalid off its inner input; setting it here covers every input.
      'aria-invalid': Boolean(errors[name]),
      disabled: busy,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
        const { value } = event.currentTarget;
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => (current[name] ? { ...current, [name]: undefined } : current));
      },
    };
  }

  /** Wraps a submit handler; it may answer field errors (from the server, say) to show under the fields. */
  function onSubmit(handler: (data: T) => Promise<FieldErrors<T> | void> | FieldErrors<T> | void) {
    return async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      if (busy) return;
      const form = event.currentTarget;
      const parsed = schema.safeParse(values);
      if (!parsed.success) {
        const found = fieldErrorsFromIssues<T>(parsed.error.issues);
        setErrors(found);
        focusFirst(form, Object.keys(found));
        return;
      }
      setErrors({});
      setBusy(true);
      try {
        const serverErrors = await handler(parsed.data);
        if (serverErrors && Object.keys(serverErrors).length > 0) setErrors(serverErrors);
      } finally {
        setBusy(false);
      }
    };
  }

  return { values, errors, busy, field, onSubmit, setErrors };
}

function focusFirst(form: HTMLFormElement, names: string[]) {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLElement && names.includes(element.getAttribute('name') ?? '')) {
      element.focus();
      return;
    }
  }
}
