import { useTranslation } from 'react-i18next';
import { LocalLink } from '@/components/ui/local-link';

/** Where the page sits: HSK n › section › page. */
export function Breadcrumbs({ trail }: { trail: { label: string; to?: string }[] }) {
  const { t } = useTranslation('hsk');
  return (
    <nav aria-label={t('nav.breadcrumbs')} className="text-sm text-ink-muted">
      <ol className="flex flex-wrap items-center gap-1">
        {trail.map((step, i) => (
          <li key={i} className="flex items-center gap-1">
            {i > 0 ? <span aria-hidden="true">›</span> : null}
            {step.to ? (
              <LocalLink to={step.to} className="hover:text-ink hover:underline">
                {step.label}
              </LocalLink>
            ) : (
              <span aria-current="page">{step.label}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
