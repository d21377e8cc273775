import { BrandPage } from '../../features/site/components/brand-page.tsx';
import { wolfPage } from '../../features/site/content/brand-pages.ts';

/** /wolf-repair */
export function Component() {
  return <BrandPage content={wolfPage} />;
}
