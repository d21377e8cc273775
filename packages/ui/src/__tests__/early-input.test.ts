import { expect, it } from 'vitest';
import { captureEarlyInput, forgetEarlyInput, withEarlyInput } from '../early-input.ts';

it('keeps what was put in the text fields before the scripts ran, for the form that starts from it, once', () => {
  document.body.innerHTML = `
    <form>
      <input name="email" type="email" value="">
      <input name="password" type="password" value="">
      <input name="description" value="Appliance Repair Service">
      <input name="untouched" value="as rendered">
      <input name="agree" type="checkbox">
      <input name="csrf" type="hidden" value="">
    </form>`;
  const field = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;
  field('email').value = 'early@example.com';
  field('password').value = 'typed-before-scripts';
  field('description').value = 'Invoice INV-1042';
  field('agree').checked = true;
  field('csrf').value = 'changed by a script';
  captureEarlyInput(document.body);

  const initial = { email: '', password: '', description: 'Appliance Repair Service', untouched: 'as rendered', other: '' };
  expect(withEarlyInput(initial)).toEqual({ email: 'early@example.com', password: 'typed-before-scripts', description: 'Invoice INV-1042', untouched: 'as rendered', other: '' });
  // The starting values are not changed in place.
  expect(initial.email).toBe('');

  forgetEarlyInput(['email', 'password', 'description']);
  expect(withEarlyInput(initial)).toEqual(initial);
});
