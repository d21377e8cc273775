import type { ReactNode } from 'react';

export type SectionHeadingProps = { id: string; eyebrow?: string; title: string; children?: ReactNode };

/** A section's eyebrow, h2 (its id names the section) and introduction. */
export function SectionHeading({ id, eyebrow, title, children }: SectionHeadingProps) {
  return (
    <div className="section-heading">
      {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
      <h2 id={id}>{title}</h2>
      {children ? <p className="section-heading__intro">{children}</p> : null}
    </div>
  );
}
