import { Suspense, useEffect } from 'react';

import { lazyPart } from '../../ui/lazy-component';
import { MarkHydrated } from '../../ui/MarkHydrated';
import { PageTitle } from '../../ui/PageTitle';
import { HeroSection } from './HeroSection';
import { useScrollToSection } from './use-scroll-to-section';

export type HomeSectionId = 'how-it-works' | 'pricing' | 'samples' | 'contact';

const loadSections = () => import('./HomeSections');
// Below the hero, in its own chunk: the first load carries what the first screen shows. A
// prerendered page keeps its HTML for these sections until the chunk is in.
const HomeSections = lazyPart(loadSections);

export function HomePage({ scrollTo }: { scrollTo?: HomeSectionId }) {
  useScrollToSection(scrollTo);
  // Fetch it at once, not when the renderer first reaches it.
  useEffect(() => void loadSections(), []);

  return (
    <>
      <PageTitle>Personalized Storybooks Starring Your Child</PageTitle>
      <HeroSection />
      {/* Holds a screen's height while the chunk loads, so the footer does not jump up and back. */}
      <Suspense fallback={<div className="home__sections-placeholder" />}>
        <HomeSections />
        <MarkHydrated />
      </Suspense>
    </>
  );
}
