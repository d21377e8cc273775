import { useEffect, useRef, useState } from 'react';
import { business, telHref } from '../../../config/business.ts';
import { PlayIcon } from '../../../components/icons.tsx';
import { SectionLink } from '../../../components/section-link.tsx';
import { paths } from '../../../config/paths.ts';
import { jobPostingData, rollingValidThrough, useSeo } from '../../../lib/seo.ts';
import { MailLink } from './careers/mail-link.tsx';
import { SectionHeading } from './section-heading.tsx';
import { VideoModal } from './video-modal.tsx';
import {
  applicationSteps,
  benefits,
  cultureValues,
  jobOpenings,
  jobPostingDate,
  jobPostingSalary,
} from '../content/jobs.ts';
import { teamMembers, type TeamMember } from '../content/team.ts';
import { applicationMail, resumeMail } from '../lib/careers-mail.ts';

const jobsId = 'jobs';

const structuredData = [
  jobPostingData({
    id: 'appliance-repair-technician',
    title: 'Appliance Repair Technician',
    description: `<p>${business.name} is hiring appliance repair technicians in St Augustine, FL. ${jobOpenings[0]?.description ?? ''}</p>`,
    datePosted: jobPostingDate,
    validThrough: rollingValidThrough(new Date()),
    employmentType: 'FULL_TIME',
    salary: jobPostingSalary,
  }),
];

export function CareersPage() {
  useSeo({
    title: 'Careers - Appliance Technician Jobs',
    description: `Join ${business.name}: appliance technician, apprentice and customer service jobs in St Augustine, FL. Competitive pay, benefits and paid training.`,
    keywords: 'appliance technician jobs, appliance repair jobs St Augustine, apprentice technician, customer service jobs St Augustine',
    path: '/careers',
    structuredData,
  });
  const [playing, setPlaying] = useState<{ member: TeamMember; opening: number } | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);

  useEffect(() => {
    if (!window.location.hash) window.scrollTo(0, 0);
  }, []);

  return (
    <>
      <section className="hero hero--careers" aria-labelledby="careers-heading">
        <div className="site-container hero__inner">
          <p className="badge badge--light">Now Hiring</p>
          <h1 id="careers-heading">Build Your Career With {business.name}</h1>
          <p className="hero__lead">
            Join a local team that has fixed northeast Florida’s appliances since {business.since}. Great pay, real
            training and a family business that looks after its people.
          </p>
          <div className="button-row">
            <SectionLink section={jobsId} page={paths.careers} className="btn btn--light btn--lg">
              View Open Positions
            </SectionLink>
            <MailLink message={resumeMail} className="btn btn--ghost-light btn--lg">
              Send Resume
            </MailLink>
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="benefits-heading">
        <div className="site-container">
          <SectionHeading id="benefits-heading" eyebrow="Benefits" title="Why Work With Us" />
          <ul className="card-grid card-grid--3">
            {benefits.map((benefit) => (
              <li key={benefit.title} className="card">
                <h3>{benefit.title}</h3>
                <p>{benefit.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="team-heading">
        <div className="site-container">
          <SectionHeading id="team-heading" eyebrow="Our people" title="Meet Our Team">
            Hear from the people you would work with.
          </SectionHeading>
          <ul className="card-grid card-grid--3">
            {teamMembers.map((member) => (
              <li key={member.id} className="card team-card">
                <button
                  type="button"
                  className="team-card__video"
                  aria-label={`Play video: ${member.name}, ${member.role}`}
                  onClick={(event) => {
                    opener.current = event.currentTarget;
                    setPlaying((current) => ({ member, opening: (current?.opening ?? 0) + 1 }));
                  }}
                >
                  <img src={member.thumbnail} alt="" width={320} height={180} loading="lazy" decoding="async" />
                  <span className="team-card__play">
                    <PlayIcon size={28} />
                  </span>
                </button>
                <h3>{member.name}</h3>
                <p className="team-card__role">
                  {member.role} · {member.experience} · {member.specialty}
                </p>
                <blockquote>
                  <p>“{member.quote}”</p>
                </blockquote>
                <ul className="check-list">
                  {member.highlights.map((highlight) => (
                    <li key={highlight}>{highlight}</li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
          <h3 className="subheading">Our Culture</h3>
          <ul className="card-grid card-grid--4">
            {cultureValues.map((value) => (
              <li key={value.title} className="card">
                <h4>{value.title}</h4>
                <p>{value.text}</p>
              </li>
            ))}
          </ul>
          <p className="button-row button-row--center">
            <SectionLink section={jobsId} page={paths.careers} className="btn btn--primary">
              View Open Positions
            </SectionLink>
          </p>
        </div>
      </section>

      <section id={jobsId} className="section" aria-labelledby="jobs-heading">
        <div className="site-container site-container--narrow">
          <SectionHeading id="jobs-heading" eyebrow="Open positions" title="Current Openings" />
          <ul className="job-list">
            {jobOpenings.map((job, index) => (
              <li key={job.title} className="card job-card">
                <div className="job-card__header">
                  <h3 id={`job-${index}`}>{job.title}</h3>
                  {job.urgent ? <span className="badge badge--red">Urgent</span> : null}
                </div>
                <p className="job-card__meta">
                  <span>{job.type}</span>
                  <span>{job.location}</span>
                  <span>{job.salary}</span>
                  <span>{job.team}</span>
                </p>
                <p>{job.description}</p>
                <div className="job-card__columns">
                  <div>
                    <h4>Requirements</h4>
                    <ul className="check-list">
                      {job.requirements.map((requirement) => (
                        <li key={requirement}>{requirement}</li>
                      ))}
                    </ul>
                  </div>
                  <div>
                    <h4>Benefits</h4>
                    <ul className="check-list">
                      {job.benefits.map((benefit) => (
                        <li key={benefit}>{benefit}</li>
                      ))}
                    </ul>
                  </div>
                </div>
                <MailLink message={applicationMail(job.title)} className="btn btn--primary" describedBy={`job-${index}`}>
                  Apply Now
                </MailLink>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className="section section--tinted" aria-labelledby="process-heading">
        <div className="site-container">
          <SectionHeading id="process-heading" eyebrow="How to apply" title="Application Process" />
          <ol className="steps">
            {applicationSteps.map((step, index) => (
              <li key={step.title} className="card">
                <span className="steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                <h3>{step.title}</h3>
                <p>{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section" aria-labelledby="careers-contact-heading">
        <div className="site-container site-container--narrow careers-contact">
          <h2 id="careers-contact-heading">Questions About Working Here?</h2>
          <p>
            Email <MailLink message={resumeMail}>{business.careersEmail}</MailLink> or call{' '}
            <a href={telHref}>{business.phoneDisplay}</a> and ask for the hiring manager.
          </p>
          <ul className="check-list">
            <li>Equal opportunity employer</li>
            <li>Background check and drug screen required</li>
          </ul>
        </div>
      </section>

      {playing ? (
        <VideoModal
          key={playing.opening}
          member={playing.member}
          onClose={() => {
            setPlaying(null);
            opener.current?.focus();
          }}
        />
      ) : null}
    </>
  );
}
