/** The business's mark, shared with the portal and back office. */
export { BrandMark as LogoMark } from '@repo/ui';
