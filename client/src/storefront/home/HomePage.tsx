import { CtaBanner } from '../../ui/CtaBanner';
import { PageTitle } from '../../ui/PageTitle';
import { HeroSection } from './HeroSection';
import { HowItWorksSection } from './HowItWorksSection';
import { PricingSection } from './PricingSection';
import { SampleStorySection } from './SampleStorySection';
import { TestimonialsSection } from './TestimonialsSection';
import { useScrollToSection } from './use-scroll-to-section';

export type HomeSectionId = 'how-it-works' | 'pricing' | 'samples';

export function HomePage({ scrollTo }: { scrollTo?: HomeSectionId }) {
  useScrollToSection(scrollTo);

  return (
    <>
      <PageTitle>Personalized Storybooks Starring Your Child</PageTitle>
      <HeroSection />
      <HowItWorksSection />
      <SampleStorySection />
      <TestimonialsSection />
      <PricingSection id="pricing" />
      <CtaBanner
        title="Ready to Make Your Child the Hero?"
        text="It takes about five minutes. Digital books arrive by e-mail within 24 hours; printed hardcovers in 7-10 business days."
      />
    </>
  );
}
