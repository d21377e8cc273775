import { Input } from '@mantine/core';
import { useCallback, useEffect, useId, useState } from 'react';
import { ApiRequestError, isApiError } from './api-client.ts';

/** One message per field, keyed by the field's name. */
export type FieldErrors<K extends string = string> = Partial<Record<K, string>>;

type Issue = { readonly path: readonly PropertyKey[]; readonly message: string };

/** What the forms need of a zod schema (the contracts' schemas fit), so this package does not depend on zod. */
export type SafeParseSchema<T> = {
  safeParse: (value: unknown) => { success: true; data: T } | { success: false; error: { issues: readonly Issue[] } };
};

const isIssueList = (value: unknown): value is { issues: readonly Issue[] } =>
  typeof value === 'object' && value !== null && Array.isArray((value as { issues?: unknown }).issues);

/**
 * The first message per top-level field of a zod error (`{ issues }`), a refused API call (`ApiRequestError`) or an
 * API error body (`{ error: { fields } }`). With `names`, fields the form does not show are left out.
 */
export function fieldErrorsOf<K extends string = string>(source: unknown, names?: readonly K[]): FieldErrors<K> {
  const shown = (field: unknown): field is K => typeof field === 'string' && (!names || names.includes(field as K));
  const errors: FieldErrors<K> = {};
  if (isIssueList(source)) {
    for (const { path, message } of source.issues) {
      const field = path[0];
      if (shown(field) && errors[field] === undefined) errors[field] = message;
    }
    return errors;
  }
  const fields = source instanceof ApiRequestError ? source.apiError?.fields : isApiError(source) ? source.error.fields : undefined;
  for (const [field, message] of Object.entries(fields ?? {})) {
    if (shown(field) && message) errors[field] = message;
  }
  return errors;
}

const scopeAttribute = 'data-field-errors';

const hasErrors = (errors: FieldErrors): boolean => Object.values(errors).some(Boolean);

const focusable = 'input:not([type="hidden"]):not(:disabled), select:not(:disabled), textarea:not(:disabled), button:not(:disabled), [tabindex]';

/**
 * Focuses the first field marked invalid, in document order. A group (radio group, slot picker) gets its checked
 * or pressed member, else its first focusable one, else the group itself.
 */
export function focusFirstInvalid(root: ParentNode): HTMLElement | null {
  const invalid = root.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!invalid) return null;
  const target = invalid.matches(focusable)
    ? invalid
    : (invalid.querySelector<HTMLElement>('[aria-checked="true"], [aria-pressed="true"], :checked') ?? invalid.querySelector<HTMLElement>(focusable));
  if (target) {
    target.focus();
    return target;
  }
  invalid.tabIndex = -1;
  invalid.focus();
  return invalid;
}

/**
 * A form's field messages, for any kind of control. `inputProps` suits Mantine inputs and Radio.Group (they render
 * the message and point aria-describedby at it), `checkboxProps` Mantine's Checkbox and Switch; a custom control (a
 * slot picker, say) spreads `controlProps` and renders `<FieldError {...messageProps(name)} />`. `show` displays
 * messages and, once they are on screen, moves focus to the first invalid field in document order within the element
 * that spreads `scopeProps` (the whole page when none does).
 */
export function useFieldErrors<K extends string>() {
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const [focusRequest, setFocusRequest] = useState(0);
  const idPrefix = useId();

  useEffect(() => {
    if (focusRequest === 0) return;
    const scope = document.querySelector(`[${scopeAttribute}="${idPrefix}"]`);
    focusFirstInvalid(scope ?? document);
  }, [focusRequest, idPrefix]);

  const show = useCallback((next: FieldErrors<K>) => {
    setErrors(next);
    if (hasErrors(next)) setFocusRequest((count) => count + 1);
  }, []);

  const clear = useCallback((name?: K) => {
    setErrors((current) => {
      if (name === undefined) return hasErrors(current) ? {} : current;
      return current[name] ? { ...current, [name]: undefined } : current;
    });
  }, []);

  /** Shows the schema's messages and answers undefined when `values` do not pass, else clears them and answers the data. */
  function check<T>(schema: SafeParseSchema<T>, values: unknown): T | undefined {
    const parsed = schema.safeParse(values);
    if (parsed.success) {
      clear();
      return parsed.data;
    }
    show(fieldErrorsOf<K>(parsed.error));
    return undefined;
  }

  const messageId = (name: K) => `${idPrefix}-${name}-error`;

  return {
    errors,
    show,
    clear,
    check,
    /** For the form (or the element holding its fields): focus looks for the first invalid field inside it. */
    scopeProps: { [scopeAttribute]: idPrefix },
    /** For Mantine inputs: the message under the field; aria-invalid set here too (PasswordInput leaves it off). */
    inputProps: (name: K) => ({ error: errors[name], 'aria-invalid': Boolean(errors[name]) }),
    /**
     * For Mantine's Checkbox and Switch, which show `error` without an id or aria-describedby: the message gets an id
     * and the input points at it.
     */
    checkboxProps: (name: K) => {
      const message = errors[name];
      return {
        'aria-invalid': Boolean(message),
        'aria-describedby': message ? messageId(name) : undefined,
        error: message ? <span id={messageId(name)}>{message}</span> : undefined,
      };
    },
    /** For a custom control or group: marks it invalid and describes it by its message. */
    controlProps: (name: K) => ({
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': errors[name] ? messageId(name) : undefined,
    }),
    messageProps: (name: K) => ({ id: messageId(name), message: errors[name] }),
  };
}

export type FieldErrorsState<K extends string> = ReturnType<typeof useFieldErrors<K>>;

/** The message under a custom control, styled as Mantine's field errors; nothing when there is none. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return <Input.Error id={id}>{message}</Input.Error>;
}
