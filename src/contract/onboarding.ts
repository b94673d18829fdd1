import { z } from 'zod/mini';

/** SPEC §2: welcome, the tutorial on sample messages, connecting an account, and the completion screen. */
export const ONBOARDING_STEPS = 4;

/** Step 0 is "not started"; steps 1 to 4 are the modal's screens. */
const stepSchema = z.int().check(z.gte(0), z.lte(ONBOARDING_STEPS));

export const onboardingStatusSchema = z.object({
  onboardingCompleted: z.boolean(),
  onboardingStep: stepSchema,
  /** True until the guide has been finished or skipped (and again after a reset); the dashboard then opens it. */
  isFirstLogin: z.boolean(),
});
export type OnboardingStatus = z.infer<typeof onboardingStatusSchema>;

/** The step reached, or completion (finished or skipped), which always records the last step. */
export const onboardingUpdateSchema = z
  .strictObject({
    onboardingStep: z.optional(stepSchema),
    onboardingCompleted: z.optional(z.boolean()),
  })
  .check(
    z.refine((update) => update.onboardingStep !== undefined || update.onboardingCompleted !== undefined, {
      message: 'Give onboardingStep, onboardingCompleted or both',
    }),
  );
export type OnboardingUpdate = z.infer<typeof onboardingUpdateSchema>;
