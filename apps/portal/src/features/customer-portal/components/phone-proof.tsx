import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { phoneCode, phoneCodeConfirmRequestSchema, type Customer, type PhoneCodeConfirmRequest } from '@repo/contracts';
import { ApiRequestError, errorMessage, fieldErrorsOf, showToast, useSchemaForm, type FieldErrors } from '@repo/ui';
import { readableTitle } from '../../../lib/alert-styles.ts';
import { useConfirmPhoneCode, useRequestPhoneCode } from '../api/phone-code.ts';
import { unreachableMessage } from '../../../lib/emailed-link.ts';

/**
 * Proving the phone on the account with a code by text: a button sends the code, then the code is typed back. Proving
 * links the account to the records we keep under that number. A refusal to send (a number that cannot take a text,
 * too many codes) shows under the button; a wrong or expired code under the code's field.
 */
export function PhoneProof({ customer }: { customer: Customer }) {
  const request = useRequestPhoneCode();
  const confirm = useConfirmPhoneCode();
  const [sent, setSent] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useSchemaForm<PhoneCodeConfirmRequest>(phoneCodeConfirmRequestSchema, { code: '' });
  const codeField = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (sent) codeField.current?.focus();
  }, [sent]);

  if (customer.phoneVerified) {
    return (
      <Text size="sm" c="green.9" mt="md">
        Your phone number is proven by text.
      </Text>
    );
  }

  async function sendCode() {
    setRefusal(null);
    try {
      setSent(await request.mutateAsync());
    } catch (error) {
      setRefusal(errorMessage(error, unreachableMessage));
    }
  }

  async function submit(values: PhoneCodeConfirmRequest): Promise<FieldErrors<'code'> | undefined> {
    try {
      const message = await confirm.mutateAsync(values);
      showToast({ title: 'Phone Proven', description: message });
      return undefined;
    } catch (error) {
      if (!(error instanceof ApiRequestError)) return { code: unreachableMessage };
      const fields = fieldErrorsOf(error, ['code'] as const);
      return Object.keys(fields).length > 0 ? fields : { code: errorMessage(error, unreachableMessage) };
    }
  }

  return (
    <Stack gap="xs" mt="md">
      {sent ? (
        <>
          <Alert color="green" title="Check your texts" role="status" variant="light" styles={readableTitle}>
            <Text size="sm">{sent}</Text>
          </Alert>
          <form {...form.scopeProps} noValidate onSubmit={form.onSubmit(submit)} aria-busy={form.busy} aria-label="Prove your phone">
            <Stack gap="xs">
              <TextInput
                {...form.field('code')}
                ref={codeField}
                label="Code from the text"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={phoneCode.digits + 2}
                required
                withAsterisk={false}
              />
              <Group gap="xs">
                <Button type="submit" disabled={form.busy}>
                  {form.busy ? 'Checking...' : 'Confirm code'}
                </Button>
                <Button variant="default" onClick={() => void sendCode()} disabled={request.isPending}>
                  {request.isPending ? 'Sending...' : 'Send a new code'}
                </Button>
              </Group>
            </Stack>
          </form>
        </>
      ) : (
        <Stack gap="xs" align="flex-start">
          <Text size="sm">Prove your phone number by text, and we link the records we keep under it to your account.</Text>
          <Button variant="light" size="sm" onClick={() => void sendCode()} disabled={request.isPending} aria-describedby={refusal ? 'phone-proof-refusal' : undefined}>
            {request.isPending ? 'Sending...' : 'Prove my phone by text'}
          </Button>
        </Stack>
      )}
      {refusal ? (
        <Text id="phone-proof-refusal" size="sm" c="red.9" role="alert">
          {refusal}
        </Text>
      ) : null}
    </Stack>
  );
}
