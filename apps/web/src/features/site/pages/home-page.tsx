import { useEffect } from 'react';
import { ui } from '@repo/contracts';
import { EmergencyBanner } from '../../../components/emergency-banner.tsx';
import { FloatingContact } from '../../../components/floating-contact.tsx';
import { peekRememberedSection, scrollToSection, takeRememberedSection } from '../../../lib/section-scroll.ts';
import { defaultDescription, defaultKeywords, faqPageData, localBusinessData, useSeo } from '../../../lib/seo.ts';
import { BrandsSection } from '../components/home/brands-section.tsx';
import { ContactSection } from '../components/home/contact-section.tsx';
import { FaqSection } from '../components/home/faq-section.tsx';
import { HeroSection } from '../components/home/hero-section.tsx';
import { PremierSection } from '../components/home/premier-section.tsx';
import { ServiceAreasSection } from '../components/home/service-areas-section.tsx';
import { ServicesSection } from '../components/home/services-section.tsx';
import { TestimonialsSection } from '../components/home/testimonials-section.tsx';
import { WhyChooseUsSection } from '../components/home/why-choose-us-section.tsx';
import { faq } from '../content/faq.ts';

const structuredData = [localBusinessData(), faqPageData(faq.flatMap(({ items }) => items))];

/** Scrolls to the section a header button asked for on another page, once the page has settled. */
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
      <EmergencyBanner variant="header" />
      <HeroSection />
      <ServicesSection />
      <BrandsSection />
      <WhyChooseUsSection />
      <ServiceAreasSection />
      <FaqSection />
      <TestimonialsSection />
      <PremierSection />
      <ContactSection />
      <FloatingContact />
    </>
  );
}
