import { Button, Checkbox, MantineProvider, NativeSelect, Radio, TextInput } from '@mantine/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { appointmentRequestSchema, loginRequestSchema } from '@repo/contracts';
import { ApiRequestError } from '../api-client.ts';
import { CredentialsForm } from '../credentials-form.tsx';
import { FieldError, fieldErrorsOf, useFieldErrors, type FieldErrors, type SafeParseSchema } from '../form-errors.tsx';
import { describedBy } from '../testing/queries.ts';

type Booking = { name: string; brand: string; contactTime: string; timeSlot: string; terms: boolean };
type Name = keyof Booking;

const slots = ['08:00', '10:00', '13:00'];

/**
 * Messages in the order a schema might report them, which is not the order of the fields on screen: focus must still
 * go to the field that comes first on the page.
 */
const bookingSchema: SafeParseSchema<Booking> = {
  safeParse: (value) => {
    const booking = value as Booking;
    const issues = [
      !booking.terms && { path: ['terms'], message: 'Please accept the terms' },
      !booking.timeSlot && { path: ['timeSlot'], message: 'Choose a time' },
      !booking.contactTime && { path: ['contactTime'], message: 'Choose when we may call' },
      !booking.brand && { path: ['brand'], message: 'Brand is required' },
      !booking.name && { path: ['name'], message: 'Name is required' },
      !booking.name && { path: ['name'], message: 'A second message for the same field' },
    ].filter((issue) => issue !== false);
    return issues.length ? { success: false, error: { issues } } : { success: true, data: booking };
  },
};

/** Every kind of control the helper serves: a text input, a select, a radio group, a custom slot picker, a checkbox. */
function BookingForm({ initial, serverErrors }: { initial: Booking; serverErrors?: FieldErrors<Name> }) {
  const form = useFieldErrors<Name>();
  const [values, setValues] = useState(initial);
  const set = (name: Name, value: string | boolean) => {
    setValues((current) => ({ ...current, [name]: value }));
    form.clear(name);
  };
  return (
    <MantineProvider>
      <form
        {...form.scopeProps}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (form.check(bookingSchema, values) && serverErrors) form.show(serverErrors);
        }}
      >
        <TextInput label="Name" name="name" value={values.name} onChange={(event) => set('name', event.currentTarget.value)} {...form.inputProps('name')} />
        <NativeSelect
          label="Brand"
          name="brand"
          data={['', 'Sub-Zero', 'Wolf']}
          value={values.brand}
          onChange={(event) => set('brand', event.currentTarget.value)}
          {...form.inputProps('brand')}
        />
        <Radio.Group label="Best time to call" name="contactTime" value={values.contactTime} onChange={(value) => set('contactTime', value)} {...form.inputProps('contactTime')}>
          <Radio value="morning" label="Morning" />
          <Radio value="evening" label="Evening" />
        </Radio.Group>
        <div role="group" aria-label="Time" {...form.controlProps('timeSlot')}>
          {slots.map((slot) => (
            <button key={slot} type="button" aria-pressed={values.timeSlot === slot} onClick={() => set('timeSlot', slot)}>
              {slot}
            </button>
          ))}
        </div>
        <FieldError {...form.messageProps('timeSlot')} />
        <Checkbox label="I accept the terms" name="terms" checked={values.terms} onChange={(event) => set('terms', event.currentTarget.checked)} {...form.checkboxProps('terms')} />
        <Button type="submit">Book</Button>
      </form>
    </MantineProvider>
  );
}

const empty: Booking = { name: '', brand: '', contactTime: '', timeSlot: '', terms: false };
const complete: Booking = { name: 'Pat', brand: 'Wolf', contactTime: 'evening', timeSlot: '10:00', terms: true };

describe('useFieldErrors', () => {
  it('shows the first message of every field next to it and focuses the first invalid field on the page', async () => {
    render(<BookingForm initial={empty} />);
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));

    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(name)).toBe('Name is required');
    expect(screen.queryByText('A second message for the same field')).toBeNull();

    const brand = screen.getByRole('combobox', { name: 'Brand' });
    expect(brand.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(brand)).toBe('Brand is required');

    expect(describedBy(screen.getByRole('radiogroup', { name: 'Best time to call' }))).toBe('Choose when we may call');

    const slotPicker = screen.getByRole('group', { name: 'Time' });
    expect(slotPicker.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(slotPicker)).toBe('Choose a time');

    const terms = screen.getByRole('checkbox', { name: 'I accept the terms' });
    expect(terms.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(terms)).toBe('Please accept the terms');
  });

  it('focuses a select, a radio group, a slot picker and a checkbox when each is the first invalid field', async () => {
    render(<BookingForm initial={{ ...complete, brand: '', terms: false }} />);
    const submit = screen.getByRole('button', { name: 'Book' });
    fireEvent.click(submit);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Brand' })));

    fireEvent.change(screen.getByRole('combobox', { name: 'Brand' }), { target: { value: 'Sub-Zero' } });
    expect(screen.queryByText('Brand is required')).toBeNull();
    fireEvent.click(submit);
    const terms = screen.getByRole('checkbox', { name: 'I accept the terms' });
    await waitFor(() => expect(document.activeElement).toBe(terms));
    expect(describedBy(terms)).toBe('Please accept the terms');
  });

  it('focuses the checked radio of an invalid radio group', async () => {
    render(<BookingForm initial={complete} serverErrors={{ contactTime: 'We cannot call in the evening' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Evening' })));
    expect(describedBy(screen.getByRole('radiogroup', { name: 'Best time to call' }))).toBe('We cannot call in the evening');
    fireEvent.click(screen.getByRole('radio', { name: 'Morning' }));
    expect(screen.queryByText('We cannot call in the evening')).toBeNull();
  });

  it('focuses the pressed slot of an invalid slot picker', async () => {
    render(<BookingForm initial={complete} serverErrors={{ timeSlot: 'That time was just taken' }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Book' }));
    const slotPicker = screen.getByRole('group', { name: 'Time' });
    await waitFor(() => expect(document.activeElement).toBe(within(slotPicker).getByRole('button', { name: '10:00' })));
    expect(describedBy(slotPicker)).toBe('That time was just taken');
    fireEvent.click(within(slotPicker).getByRole('button', { name: '13:00' }));
    expect(slotPicker.getAttribute('aria-invalid')).toBeNull();
    expect(screen.queryByText('That time was just taken')).toBeNull();
  });

  it('clears every message and leaves focus alone when the values pass', async () => {
    render(<BookingForm initial={{ ...complete, name: '' }} />);
    const submit = screen.getByRole('button', { name: 'Book' });
    fireEvent.click(submit);
    const name = screen.getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(document.activeElement).toBe(name));
    fireEvent.change(name, { target: { value: 'Pat' } });
    submit.focus();
    fireEvent.click(submit);
    expect(name.getAttribute('aria-invalid')).toBe('false');
    expect(screen.queryByText('Name is required')).toBeNull();
    expect(document.activeElement).toBe(submit);
  });
});

describe('fieldErrorsOf', () => {
  it('takes the first message per field of a zod error from the contracts', () => {
    const parsed = loginRequestSchema.safeParse({ email: 'not-an-email', password: '' });
    expect(parsed.success).toBe(false);
    expect(fieldErrorsOf(parsed.error)).toEqual({ email: 'Valid email is required', password: 'Password must be at least 6 characters' });
  });

  it('keeps only the fields a form shows', () => {
    const parsed = appointmentRequestSchema.safeParse({});
    const errors = fieldErrorsOf(parsed.error, ['customerName', 'zipCode'] as const);
    expect(Object.keys(errors).sort()).toEqual(['customerName', 'zipCode']);
    expect(errors.customerName).toBe('Customer name is required');
  });

  it("reads the API's 400 answer, from a refused call or its body", () => {
    const body = { error: { code: 'VALIDATION_ERROR', message: 'Check the form', fields: { amount: 'Amount must be at least $1.00', other: 'x' } } };
    const refused = new ApiRequestError(400, 'Bad Request', JSON.stringify(body));
    expect(fieldErrorsOf(refused, ['amount', 'description'] as const)).toEqual({ amount: 'Amount must be at least $1.00' });
    expect(fieldErrorsOf(body)).toEqual({ amount: 'Amount must be at least $1.00', other: 'x' });
    expect(fieldErrorsOf(new ApiRequestError(500, 'Server Error', ''))).toEqual({});
    expect(fieldErrorsOf(new TypeError('Failed to fetch'))).toEqual({});
  });
});

describe('CredentialsForm', () => {
  it("shows the server's field message and focuses that field once the form is no longer busy", async () => {
    render(
      <MantineProvider>
        <CredentialsForm
          schema={loginRequestSchema}
          submitLabel="Login"
          busyLabel="Logging in..."
          onSubmit={async () => ({ password: 'That password is not right' })}
        />
      </MantineProvider>,
    );
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'pat@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));
    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(document.activeElement).toBe(password));
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(password)).toBe('That password is not right');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('false');
  });
});
