import type { ReactNode } from 'react';
import { mailtoHref, sendApplication, type MailMessage } from '../../../../lib/mail.ts';

export type MailLinkProps = { message: Required<MailMessage>; className?: string; describedBy?: string; children: ReactNode };

/** A prefilled mail link; with JavaScript, a failure to open the mail client falls back to the clipboard. */
export function MailLink({ message, className, describedBy, children }: MailLinkProps) {
  return (
    <a
      href={mailtoHref(message)}
      className={className}
      aria-describedby={describedBy}
      onClick={(event) => {
        event.preventDefault();
        void sendApplication(message);
      }}
    >
      {children}
    </a>
  );
}
