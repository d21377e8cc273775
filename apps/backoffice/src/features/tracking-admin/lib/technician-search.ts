import type { Technician } from '@repo/contracts';

const digitsOf = (text: string) => text.replace(/\D/g, '');

/**
 * Whether a technician answers the Technician Management search: any part of the name, the vehicle, a specialty or
 * the sign-in email (letter case ignored), or the phone's digits in any format ("555-01" finds (904) 555-0142). Two
 * digits at least search the phone, so a lone digit in a name search ("Unit 4") does not match every phone.
 */
export function technicianMatches(technician: Technician, query: string, signInEmail?: string): boolean {
  const words = query.trim().toLowerCase();
  if (!words) return true;
  const texts = [technician.name, technician.vehicleInfo ?? '', ...technician.specialties, signInEmail ?? ''];
  if (texts.some((text) => text.toLowerCase().includes(words))) return true;
  const digits = digitsOf(words);
  return digits.length >= 2 && digits.length === words.replace(/[\s().+-]/g, '').length && digitsOf(technician.phone).includes(digits);
}
