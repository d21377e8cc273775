import { useEffect, useState, type ChangeEvent, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { accounts, authMessages, registerRequestSchema, registrationCheckEmail, type RegisterRequest } from '@repo/contracts';
import { ApiRequestError, AppAnchor, Columns, errorMessage, fieldErrorsOf, forgetEarlyInput, HeldHeight, showToast, useDocumentTitle, useFieldErrors, withEarlyInput, type FieldErrors } from '@repo/ui';
import { UntilHydrated } from '../../../components/until-hydrated.tsx';
import { paths } from '../../../config/paths.ts';
import { readableTitle } from '../../../lib/alert-styles.ts';
import { useRegisterCustomer } from '../api/register.ts';
import { AuthFrame } from './auth-frame.tsx';

const fieldNames = ['firstName', 'lastName', 'email', 'phone', 'address', 'password', 'confirmPassword'] as const;
type FieldName = (typeof fieldNames)[number];
type Values = Record<FieldName, string>;

const emptyValues: Values = { firstName: '', lastName: '', email: '', phone: '', address: '', password: '', confirmPassword: '' };

const failureTitle = 'Registration Failed';
const rejectedMessage = 'Registration failed. Please try again.';
const unreachableMessage = 'An error occurred. Please try again.';

/**
 * The server's messages for the fields. A refusal that names no field still belongs to one when it is about one:
 * a too-common password to the password, too many registrations (for this email, or from here) to the email.
 */
function serverFieldErrors(error: ApiRequestError): FieldErrors<FieldName> {
  const errors = fieldErrorsOf(error, fieldNames);
  if (Object.keys(errors).length > 0) return errors;
  const message = error.apiError?.message;
  if (message === authMessages.commonPassword) return { password: message };
  if (error.status === 429 && message) return { email: message };
  return {};
}

/** What the page shows once the server has the registration: the same whatever the email, and the way back to the form. */
function CheckYourEmail({ message, onBack }: { message: string; onBack: () => void }) {
  return (
    <Stack gap="md">
      <Alert color="green" title="Check your email" role="status" variant="light" styles={readableTitle}>
        <Text size="sm">{message}</Text>
      </Alert>
      <Button variant="default" onClick={onBack}>
        Change my details
      </Button>
      <AppAnchor href={paths.login} fw={600} ta="center">
        Back to login
      </AppAnchor>
    </Stack>
  );
}

/**
 * Create Account (/register): the account's fields, messages under them, then "check your email": the account is
 * created by the emailed link (/confirm-email), and the page says the same whether or not the email has an account
 * (its owner is emailed instead). Going back to the form keeps what was typed.
 */
export function RegisterPage() {
  useDocumentTitle('Create Account');
  const register = useRegisterCustomer();
  // What autofill or the visitor put in the prerendered fields before the scripts ran is kept.
  const [values, setValues] = useState<Values>(() => withEarlyInput(emptyValues));
  useEffect(() => forgetEarlyInput(Object.keys(emptyValues)), []);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const errors = useFieldErrors<FieldName>();

  const field = (name: FieldName) => ({
    ...errors.inputProps(name),
    name,
    value: values[name],
    disabled: busy,
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const { value } = event.currentTarget;
      setValues((current) => ({ ...current, [name]: value }));
      errors.clear(name);
    },
  });

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const parsed = errors.check(registerRequestSchema, values);
    if (!parsed) return;
    // A blank address is no address: the field is optional.
    const request: RegisterRequest = { ...parsed, address: parsed.address || undefined };
    setBusy(true);
    try {
      const message = await register.mutateAsync(request);
      setBusy(false);
      setSent(message ?? registrationCheckEmail(request.email));
    } catch (error) {
      setBusy(false);
      if (!(error instanceof ApiRequestError)) {
        showToast({ title: failureTitle, description: unreachableMessage, variant: 'destructive' });
        return;
      }
      showToast({ title: failureTitle, description: errorMessage(error, rejectedMessage), variant: 'destructive' });
      errors.show(serverFieldErrors(error));
    }
  }

  return (
    <AuthFrame
      width={560}
      title="Create Account"
      intro="Register to see your service history, book and track your technician."
      other={{ question: 'Already have an account?', href: paths.login, label: 'Log in' }}
    >
      <HeldHeight hold={sent !== null}>
        {sent ? (
          <CheckYourEmail message={sent} onBack={() => setSent(null)} />
        ) : (
          // Every field but the address is required; the address says so in its label, so no asterisks elsewhere.
          <form {...errors.scopeProps} noValidate onSubmit={handleSubmit} aria-busy={busy}>
            <UntilHydrated>
              <Stack gap="md">
                <Columns cols={{ base: 1, xs: 2 }} spacing="md">
                  <TextInput {...field('firstName')} label="First Name" autoComplete="given-name" required withAsterisk={false} />
                  <TextInput {...field('lastName')} label="Last Name" autoComplete="family-name" required withAsterisk={false} />
                </Columns>
                <TextInput
                  {...field('email')}
                  label="Email"
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  spellCheck={false}
                  required
                  withAsterisk={false}
                />
                <TextInput {...field('phone')} label="Phone" type="tel" autoComplete="tel" inputMode="tel" required withAsterisk={false} />
                <TextInput {...field('address')} label="Address (optional)" autoComplete="address-line1" />
                <PasswordInput
                  {...field('password')}
                  label="Password"
                  placeholder={`Minimum ${accounts.passwordMin} characters`}
                  autoComplete="new-password"
                  required
                  withAsterisk={false}
                />
                <PasswordInput {...field('confirmPassword')} label="Confirm Password" autoComplete="new-password" required withAsterisk={false} />
                <Button type="submit" fullWidth disabled={busy} mt="xs">
                  {busy ? 'Creating Account...' : 'Create Account'}
                </Button>
              </Stack>
            </UntilHydrated>
          </form>
        )}
      </HeldHeight>
    </AuthFrame>
  );
}
