import { CtaBanner } from '../../ui/CtaBanner';
import { ContactSection } from './ContactSection';
import { HowItWorksSection } from './HowItWorksSection';
import { PricingSection } from './PricingSection';
import { SampleStorySection } from './SampleStorySection';
import { TestimonialsSection } from './TestimonialsSection';
import { ORDER_TIME_SENTENCE } from '../../ui/order-time';

/** Everything on the home page below the hero: its own chunk, loaded beside the first paint. */
export default function HomeSections() {
  return (
    <>
      <HowItWorksSection />
      <SampleStorySection />
      <TestimonialsSection />
      <PricingSection id="pricing" />
      <CtaBanner
        title="Ready to Make Your Child the Hero?"
        text={`${ORDER_TIME_SENTENCE} Digital books arrive by e-mail within 24 hours; printed hardcovers in 7-10 business days.`}
      />
      <ContactSection id="contact" />
    </>
  );
}
