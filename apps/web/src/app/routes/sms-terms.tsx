import { LegalPage } from '../../features/legal/components/legal-page.tsx';
import { smsTerms } from '../../features/legal/content/legal-texts.ts';

/** /sms-terms */
export function Component() {
  return <LegalPage document={smsTerms} />;
}
