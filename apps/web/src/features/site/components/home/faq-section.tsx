import { useState } from 'react';
import { sections } from '../../../../lib/section-scroll.ts';
import { faq } from '../../content/faq.ts';
import { faqKey, toggleOpen } from '../../lib/faq-state.ts';
import { SectionHeading } from '../section-heading.tsx';

/** Five categories of three questions; each answer opens and closes on its own. */
export function FaqSection() {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  return (
    <section id={sections.faq} className="section" aria-labelledby="faq-heading">
      <div className="site-container site-container--narrow">
        <SectionHeading id="faq-heading" eyebrow="Common problems" title="Appliance Problems & Answers">
          Quick answers to the questions we hear most. Still stuck? Call us and a technician will help.
        </SectionHeading>
        {faq.map(({ category, items }, categoryIndex) => (
          <div key={category} className="faq-category">
            <h3>{category}</h3>
            <div className="faq-list">
              {items.map(({ question, answer }, questionIndex) => {
                const key = faqKey(categoryIndex, questionIndex);
                const expanded = open.has(key);
                return (
                  <div key={key} className="faq-item">
                    <h4>
                      <button
                        type="button"
                        id={`faq-q-${key}`}
                        aria-expanded={expanded}
                        aria-controls={`faq-a-${key}`}
                        onClick={() => setOpen((current) => toggleOpen(current, key))}
                      >
                        {question}
                      </button>
                    </h4>
                    <div id={`faq-a-${key}`} role="region" aria-labelledby={`faq-q-${key}`} hidden={!expanded}>
                      <p>{answer}</p>
                    </div>
                  </div>
                );
              })}
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
