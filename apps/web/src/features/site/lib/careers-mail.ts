import { business } from '../../../config/business.ts';

/** Apply Now: the mail for one position. */
export function applicationMail(position: string) {
  return {
    to: business.careersEmail,
    subject: `Application for ${position} Position`,
    body: `Hello,\n\nI would like to apply for the ${position} position at ${business.name}. My resume is attached.\n\nName:\nPhone:\nYears of experience:\n\nThank you,`,
  };
}

/** Send Resume: a general application. */
export const resumeMail = {
  to: business.careersEmail,
  subject: 'Resume Submission',
  body: `Hello,\n\nI am interested in working at ${business.name}. My resume is attached.\n\nName:\nPhone:\nPosition of interest:\n\nThank you,`,
};
