import { BrandPage } from '../../features/site/components/brand-page.tsx';
import { subZeroPage } from '../../features/site/content/brand-pages.ts';

/** /sub-zero-repair */
export function Component() {
  return <BrandPage content={subZeroPage} />;
}
