import { LegalPage } from '../../features/legal/components/legal-page.tsx';
import { privacyPolicy } from '../../features/legal/content/legal-texts.ts';

/** /privacy */
export function Component() {
  return <LegalPage document={privacyPolicy} />;
}
