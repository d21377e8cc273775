import type { ServiceCard } from '../../content/services.ts';

const paths: Record<ServiceCard['icon'], string> = {
  fridge: 'M7 3h10a1 1 0 0 1 1 1v16a1 1 0 0 1-1 1H7a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1zM6 10h12M9 6v2M9 13v3',
  wine: 'M8 3h8v5a4 4 0 0 1-8 0zM12 12v8M8 21h8',
  washer: 'M5 3h14v18H5zM5 7h14M8 5h1M12 15m-4 0a4 4 0 1 0 8 0a4 4 0 1 0-8 0',
  dryer: 'M5 3h14v18H5zM5 7h14M15 5h1M12 14m-4 0a4 4 0 1 0 8 0a4 4 0 1 0-8 0M10 14h4',
  oven: 'M4 3h16v18H4zM4 8h16M7 5.5h.01M10 5.5h.01M8 12h8v5H8z',
  bolt: 'M13 2 4 14h7l-1 8 9-12h-7z',
};

export function ServiceIcon({ icon }: { icon: ServiceCard['icon'] }) {
  return (
    <svg className="service-icon" width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={paths[icon]} />
    </svg>
  );
}
