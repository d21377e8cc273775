/**
 * What was in a prerendered page's text fields before its scripts ran: put there by browser autofill at first paint,
 * or typed by a quick visitor on a slow phone. React renders its controlled fields from state when it hydrates and
 * would set them back to their empty initial values; a form that starts from `withEarlyInput` keeps them instead.
 * `startApp` takes them just before hydrating (`captureEarlyInput`); a form that used them forgets them
 * (`forgetEarlyInput`), so one opened later on another page starts as it should.
 */
const early = new Map<string, string>();

const textLike = (input: HTMLInputElement | HTMLTextAreaElement) =>
  input instanceof HTMLTextAreaElement || !['hidden', 'checkbox', 'radio', 'submit', 'button', 'reset', 'file', 'image'].includes(input.type);

export function captureEarlyInput(root: ParentNode): void {
  for (const input of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[name], textarea[name]')) {
    if (textLike(input) && input.value !== '' && input.value !== input.defaultValue) early.set(input.name, input.value);
  }
}

/**
 * `values` with each text field that was changed before the scripts ran set to what it held then (fields are matched
 * by their `name`; a prerendered default typed over counts as changed).
 */
export function withEarlyInput<T extends Record<string, unknown>>(values: T): T {
  if (early.size === 0) return values;
  const filled: Record<string, unknown> = { ...values };
  for (const [name, value] of early) {
    if (typeof filled[name] === 'string') filled[name] = value;
  }
  return filled as T;
}

/** Forgets the early values of these fields (once a form has started from them). */
export function forgetEarlyInput(names: readonly string[]): void {
  for (const name of names) early.delete(name);
}
