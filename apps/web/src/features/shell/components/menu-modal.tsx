import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HSKK_LEVELS, SYLLABUS_LEVELS, levelLabel } from '@kouyu/core';
import { Modal } from '@/components/ui/modal';
import { useLocalPath } from '@/components/ui/local-link';
import { useModals } from '@/lib/modals';
import { useSyllabus } from '@/lib/syllabus';

/** Mobile menu: HSKK levels, Idioms, Dictation, HSK 1-6, and the footer's links (About, privacy, FAQ, help, contact, WeChat). */
export function MenuModal({
  open,
  onClose,
}: {
  open: boolean;
  onClose: (opts?: { navigated?: boolean }) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const local = useLocalPath();
  const { open: openModal } = useModals();
  const { syllabus } = useSyllabus();
  const go = (to: string) => {
    navigate(local(to));
    onClose({ navigated: true });
  };
  const link =
    'w-full rounded-lg px-3 py-2.5 text-left text-sm font-medium hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-brand';
  return (
    <Modal open={open} onClose={onClose} title={t('bottomBar.menu')} size="sm" testId="menu-modal">
      <nav aria-label={t('bottomBar.menu')} className="space-y-4">
        <section>
          <h3 className="mb-1 px-3 text-xs font-semibold uppercase tracking-wide text-ink-muted">
            {t('header.hskk')}
          </h3>
          {HSKK_LEVELS.map((level) => (
            <button key={level} type="button" className={link} onClick={() => go(`/test-selection/${level}`)}>
              {t(`levels.${level}`)}
            </button>
          ))}
        </section>
        <section>
          <button type="button" className={link} onClick={() => go('/idioms')}>
            {t('header.idioms')}
          </button>
          <button type="button" className={link} onClick={() => go('/dictation')}>
            {t('header.dictation')}
          </button>
          <button type="button" className={link} onClick={() => go('/review')} data-testid="menu-review">
            {t('review.nav')}
          </button>
        </section>
        <section>
          <h3 className="mb-1 px-3 text-xs font-semibold uppercase tracking-wide text-ink-muted">
            {t('header.hsk')}
          </h3>
          <div className="grid grid-cols-3 gap-1">
            {SYLLABUS_LEVELS[syllabus].map((n) => (
              <button
                key={n}
                type="button"
                className={link}
                onClick={() => go(`/hsk/${levelLabel(syllabus, n)}`)}
              >
                HSK {levelLabel(syllabus, n)}
              </button>
            ))}
          </div>
        </section>
        {/* The footer's links: on phones the bottom bar takes the footer's place (spec 000 §2). */}
        <section data-testid="menu-footer-links">
          <h3 className="mb-1 px-3 text-xs font-semibold uppercase tracking-wide text-ink-muted">
            {t('footer.quickLinks')}
          </h3>
          <button type="button" className={link} onClick={() => go('/about')}>
            {t('footer.about')}
          </button>
          <button type="button" className={link} onClick={() => go('/privacy')} data-testid="menu-privacy">
            {t('footer.privacy')}
          </button>
          <button type="button" className={link} onClick={() => openModal('faq')}>
            {t('footer.faq')}
          </button>
          <button type="button" className={link} onClick={() => go('/help')}>
            {t('footer.help')}
          </button>
          <button type="button" className={link} onClick={() => openModal('feedback')}>
            {t('footer.contact')}
          </button>
          <button
            type="button"
            className={link}
            onClick={() => openModal('wechat')}
            data-testid="menu-wechat"
          >
            {t('footer.wechat')}
          </button>
        </section>
      </nav>
    </Modal>
  );
}
