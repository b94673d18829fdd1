import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { addPageTexts } from '../../../lib/page-texts.ts';
import en from '../../../locales/en/landing.json';
import jp from '../../../locales/jp/landing.json';
import { FaqAccordion } from './FaqAccordion.tsx';
import { FeatureCards } from './FeatureCards.tsx';
import { FinalCallToAction } from './FinalCallToAction.tsx';
import { PricingCard } from './PricingCard.tsx';
import { ScreenshotShowcases } from './ScreenshotShowcases.tsx';
import { WorkflowSteps } from './WorkflowSteps.tsx';

addPageTexts('landing', en, jp);

/** The landing page below its hero, in SPEC §2's order. */
export function LandingSections() {
  const { hash } = useLocation();
  // The browser looked for the address's #section before this chunk had drawn it; go there now that it exists.
  useEffect(() => {
    if (hash.length > 1) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
  return (
    <>
      <FeatureCards />
      <ScreenshotShowcases />
      <PricingCard />
      <WorkflowSteps />
      <FaqAccordion />
      <FinalCallToAction />
    </>
  );
}
