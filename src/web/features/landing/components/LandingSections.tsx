import { FaqAccordion } from './FaqAccordion.tsx';
import { FeatureCards } from './FeatureCards.tsx';
import { FinalCallToAction } from './FinalCallToAction.tsx';
import { PricingCard } from './PricingCard.tsx';
import { ScreenshotShowcases } from './ScreenshotShowcases.tsx';
import { WorkflowSteps } from './WorkflowSteps.tsx';

/** The landing page below its hero, in SPEC §2's order. */
export function LandingSections() {
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
