import { Text } from '@mantine/core';
import { Notice } from '../../../components/notice.tsx';
import { useSmsStatus } from '../api/sms-status.ts';

/**
 * Whether customers can get texts: Twilio configured or not, and, when it is, whether the sending number is stated
 * registered for A2P 10DLC (US carriers silently drop texts from unregistered long codes, so that one is a warning).
 */
export function SmsStatus() {
  const sms = useSmsStatus();
  if (!sms) return null;
  if (!sms.configured) {
    return (
      <Text size="sm" c="dimmed">
        Texts (SMS) are off: Twilio is not configured, so customers get emails only.
      </Text>
    );
  }
  if (!sms.a2pRegistered) {
    return (
      <Notice color="yellow" role="note" title="Texts (SMS) may not arrive">
        The sending number is not registered for A2P 10DLC, and US carriers drop texts from unregistered numbers without
        telling anyone. Register it with Twilio, then set TWILIO_A2P_10DLC_REGISTERED=true.
      </Notice>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      Texts (SMS) are on, from a number registered for A2P 10DLC.
    </Text>
  );
}
