import type { ComponentType } from 'react';

export type IconCardProps = { icon: ComponentType<{ size?: number }>; title: string; text: string };

/** A card with an icon badge, a title and a sentence: the reasons on the home and brand pages. */
export function IconCard({ icon: Icon, title, text }: IconCardProps) {
  return (
    <li className="card reason-card">
      <span className="reason-card__icon">
        <Icon size={24} />
      </span>
      <h3>{title}</h3>
      <p>{text}</p>
    </li>
  );
}
