import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { platforms } from '../../../../contract/messages.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Dialog } from '../../../components/ui/Dialog.tsx';
import { currentLanguage } from '../../../lib/i18n.ts';

/** How to connect each platform, with the full PDF guide in the interface language (built by scripts/help-pdfs-plugin.ts). */
export function SetupGuideDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['connections', 'dashboard']);
  const language = currentLanguage();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('guide.title')}
      description={t('guide.description')}
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('guide.close')}
        </Button>
      }
    >
      <div className="space-y-5">
        {platforms.map((platform) => (
          <section key={platform} aria-labelledby={`setup-guide-${platform}`} className="space-y-2">
            <h3 id={`setup-guide-${platform}`} className="font-semibold text-slate-900">
              {t(`dashboard:connections.platforms.${platform}`)}
            </h3>
            <p>{t(`guide.steps.${platform}`)}</p>
            <a
              href={`/docs/help_${platform}_${language}.pdf`}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-center gap-1.5 font-semibold text-indigo-700 underline hover:text-indigo-900"
            >
              <FileText aria-hidden="true" className="size-4" />
              {t(`guide.pdf.${platform}`)}
              <span className="sr-only"> {t('guide.newTab')}</span>
            </a>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
