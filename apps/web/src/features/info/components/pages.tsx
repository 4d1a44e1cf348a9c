import { useTranslation } from 'react-i18next';
import { useLang } from '@/components/ui/local-link';
import { formatDate } from '@/lib/format-date';
import { useSite } from '../api/get-site';
import { Article, Section, sections } from './article';
import { FaqList } from './faq-list';

/** Last change of the privacy policy, shown on the page. */
export const PRIVACY_UPDATED = '2026-11-22';

export function AboutPage() {
  const { t } = useTranslation('content');
  return (
    <Article title={t('about.title')} intro={t('about.intro')}>
      {sections(t('about.sections', { returnObjects: true })).map((s) => (
        <Section key={s.heading} {...s} />
      ))}
    </Article>
  );
}

export function PrivacyPage() {
  const { t } = useTranslation('content');
  const lang = useLang();
  const site = useSite();
  const email = site.data?.data.contact_email ?? '…';
  const date = formatDate(PRIVACY_UPDATED, lang, 'long');
  return (
    <Article title={t('privacy.title')} intro={t('privacy.intro')}>
      <p className="text-sm text-ink-muted" data-testid="privacy-updated">
        {t('privacy.lastUpdated', { date })}
      </p>
      {sections(t('privacy.sections', { returnObjects: true })).map((s) => (
        <Section key={s.heading} {...s} />
      ))}
      <p className="text-ink-muted">{t('privacy.updates')}</p>
      <p className="font-medium" data-testid="privacy-contact">
        {t('privacy.contact', { email })}
      </p>
    </Article>
  );
}

export function FaqPage() {
  const { t } = useTranslation('content');
  return (
    <Article title={t('faq.title')}>
      <FaqList />
    </Article>
  );
}

export function HelpPage() {
  const { t } = useTranslation('content');
  return (
    <Article title={t('help.title')}>
      {sections(t('help.sections', { returnObjects: true })).map((s) => (
        <Section key={s.heading} {...s} />
      ))}
    </Article>
  );
}
