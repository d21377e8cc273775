import { useEffect } from 'react';
import { ui } from '@repo/contracts';
import { EmergencyBanner } from '../../../components/emergency-banner.tsx';
import { FloatingContact } from '../../../components/floating-contact.tsx';
import { peekRememberedSection, scrollToSection, takeRememberedSection } from '../../../lib/section-scroll.ts';
import { defaultDescription, defaultKeywords, faqPageData, localBusinessData, useSeo } from '../../../lib/seo.ts';
import { BrandsSection } from './home/brands-section.tsx';
import { ContactSection } from './home/contact-section.tsx';
import { FaqSection } from './home/faq-section.tsx';
import { HeroSection } from './home/hero-section.tsx';
import { PremierSection } from './home/premier-section.tsx';
import { ServiceAreasSection } from './home/service-areas-section.tsx';
import { ServicesSection } from './home/services-section.tsx';
import { TestimonialsSection } from './home/testimonials-section.tsx';
import { WhyChooseUsSection } from './home/why-choose-us-section.tsx';
import { faq } from '../content/faq.ts';

const structuredData = [localBusinessData(), faqPageData(faq.flatMap(({ items }) => items))];

/** Scrolls to the section a header link asked for on another page (after hydration), once the page has settled. */
function useRememberedSectionScroll() {
  useEffect(() => {
    if (!peekRememberedSection()) return;
    // Cleared when the timer fires, so a re-run effect (React's strict mode) still finds it.
    const timer = window.setTimeout(() => {
      const id = takeRememberedSection();
      if (id) scrollToSection(id);
    }, ui.scrollToSectionDelayMs);
    return () => window.clearTimeout(timer);
  }, []);
}

export function HomePage() {
  useSeo({
    title: 'Appliance Repair St Augustine',
    description: `${defaultDescription} Call (904) 802-1998.`,
    keywords: defaultKeywords,
    path: '/',
    structuredData,
  });
  useRememberedSectionScroll();
  return (
    <>
      {/* The floating contact sticks to the viewport's corner only within this part: it stops before the contact form. */}
      <div className="floating-scope">
        <EmergencyBanner variant="header" />
        <HeroSection />
        <ServicesSection />
        <BrandsSection />
        <WhyChooseUsSection />
        <ServiceAreasSection />
        <FaqSection />
        <TestimonialsSection />
        <PremierSection />
        <FloatingContact />
      </div>
      <ContactSection />
    </>
  );
}
