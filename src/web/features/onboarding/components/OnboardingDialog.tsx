import { CheckCircle2, Inbox, ShieldCheck, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Platform } from '../../../../contract/messages.ts';
import { ONBOARDING_STEPS } from '../../../../contract/onboarding.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { Spinner } from '../../../components/ui/Spinner.tsx';
import { addPageTexts } from '../../../lib/page-texts.ts';
import en from '../../../locales/en/onboarding.json';
import jp from '../../../locales/jp/onboarding.json';
import { canLeaveStep, type TutorialAction } from '../lib/onboarding-state.ts';
import { TutorialStep } from './TutorialStep.tsx';

addPageTexts('onboarding', en, jp);

export interface OnboardingDialogProps {
  open: boolean;
  step: number;
  onStep: (step: number) => void;
  /** Finishing on the last step. */
  onComplete: () => void;
  /** Skip, Escape or the close button: the guide ends as if finished (SPEC §4). */
  onSkip: () => void;
  connections: number;
  onConnect: (platform: Platform) => void;
  connecting: boolean;
  /** Mentions gathered so far, or null while the messages load. */
  mentionsFound: number | null;
}

const stepTitles = ['welcome.title', 'tutorial.title', 'connect.title', 'done.title'] as const;

/** SPEC §2's four-step guide; each step's heading takes focus so a screen reader hears where it is. */
export function OnboardingDialog(props: OnboardingDialogProps) {
  const { open, step, onStep, onComplete, onSkip, connections, onConnect, connecting, mentionsFound } = props;
  const { t } = useTranslation('onboarding');
  const [tutorial, setTutorial] = useState<ReadonlySet<TutorialAction>>(new Set());
  const headingRef = useRef<HTMLParagraphElement>(null);
  const canGoOn = canLeaveStep(step, { tutorial, connections });

  useEffect(() => {
    if (open) headingRef.current?.focus();
  }, [open, step]);

  const footer = (
    <>
      <Button variant="ghost" onClick={onSkip}>
        {t('skip')}
      </Button>
      {step > 1 && (
        <Button variant="secondary" onClick={() => onStep(step - 1)}>
          {t('back')}
        </Button>
      )}
      {step < ONBOARDING_STEPS ? (
        <Button disabled={!canGoOn} onClick={() => onStep(step + 1)}>
          {t('next')}
        </Button>
      ) : (
        <Button onClick={onComplete}>{t('finish')}</Button>
      )}
    </>
  );

  return (
    <Dialog
      open={open}
      onClose={onSkip}
      title={t(stepTitles[step - 1] ?? 'welcome.title')}
      description={t('progress', { step, total: ONBOARDING_STEPS })}
      initialFocusRef={headingRef}
      footer={footer}
    >
      <p ref={headingRef} tabIndex={-1} className="sr-only">
        {t(stepTitles[step - 1] ?? 'welcome.title')}
      </p>
      {step === 1 && (
        <div className="space-y-4">
          <p>{t('welcome.body')}</p>
          <ul className="space-y-2">
            {(
              [
                ['gather', Inbox],
                ['act', Sparkles],
                ['privacy', ShieldCheck],
              ] as const
            ).map(([key, Icon]) => (
              <li key={key} className="flex items-center gap-2">
                <Icon aria-hidden="true" className="size-5 text-indigo-600" />
                {t(`welcome.points.${key}`)}
              </li>
            ))}
          </ul>
        </div>
      )}
      {step === 2 && (
        <TutorialStep done={tutorial} onDone={(action) => setTutorial(new Set(tutorial).add(action))} />
      )}
      {step === 3 && (
        <div className="space-y-4">
          <p>{t('connect.body')}</p>
          <div className="flex flex-wrap gap-2">
            {(['slack', 'chatwork'] as const).map((platform) => (
              <Button
                key={platform}
                variant="secondary"
                disabled={connecting}
                onClick={() => onConnect(platform)}
              >
                {t(`connect.${platform}`)}
              </Button>
            ))}
          </div>
          <p role="status" className={connections > 0 ? 'font-semibold text-emerald-800' : 'text-slate-600'}>
            {connections > 0 ? t('connect.connected', { count: connections }) : t('connect.required')}
          </p>
        </div>
      )}
      {step === 4 && mentionsFound === null && <Spinner label={t('done.loading')} />}
      {step === 4 && mentionsFound !== null && (
        <div role="status" className="flex flex-col items-center gap-3 py-4 text-center">
          <CheckCircle2 aria-hidden="true" className="size-10 text-emerald-600" />
          <p className="text-lg font-semibold text-slate-900">
            {mentionsFound > 0 ? t('done.found', { count: mentionsFound }) : t('done.ready')}
          </p>
          <p>{t(mentionsFound > 0 ? 'done.foundBody' : 'done.readyBody')}</p>
        </div>
      )}
    </Dialog>
  );
}
