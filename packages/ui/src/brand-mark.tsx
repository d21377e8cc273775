import { business } from '@repo/contracts';

/** The business's mark: a wrench in a house outline. Decorative next to the business name. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#1d4ed8" />
      <path d="M6 15 16 7l10 8v10H6z" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinejoin="round" />
      <path d="M19.5 14.5a3 3 0 0 0-4 3.6L12 21.6l1.4 1.4 3.5-3.5a3 3 0 0 0 3.6-4l-1.7 1.7-1.5-.4-.4-1.5z" fill="#fff" />
    </svg>
  );
}

/**
 * The business name as the public site's header shows it, "St Augustine" over "Appliance Repair", for the eye only:
 * the link around it carries the whole name for assistive technology.
 */
export function BrandNameLines({ className }: { className: string }) {
  const words = business.name.split(' ');
  return (
    <span className={className} aria-hidden="true">
      <span>{words.slice(0, 2).join(' ')}</span>
      <span>{words.slice(2).join(' ')}</span>
    </span>
  );
}
