import { useTranslation } from 'react-i18next';
import { HSKK_LEVELS } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { useModals } from '@/lib/modals';
import { useRandomItem } from '../hooks/use-random-item';

/** Desktop home: hero with "start practicing" (level selection) and "explore more" (showcase). */
export function HomeDesktop() {
  const { t } = useTranslation(['content', 'common']);
  const { open } = useModals();
  const phrase = useRandomItem('phrases');
  return (
    <div data-testid="home-desktop">
      <section className="relative overflow-hidden">
        <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-20 md:grid-cols-[1.2fr_1fr]">
          <div>
            <p
              className="mb-4 inline-block rounded-full bg-brand-soft px-3 py-1 text-sm font-medium text-brand"
              data-testid="motivational-phrase"
            >
              {phrase}
            </p>
            <h1 className="text-4xl font-bold leading-tight tracking-tight md:text-5xl">{t('hero.title')}</h1>
            <p className="mt-5 max-w-xl text-lg text-ink-muted">{t('hero.subtitle')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Button size="lg" onClick={() => open('hskk')} data-testid="start-practicing">
                {t('hero.start')}
              </Button>
              <Button
                size="lg"
                variant="secondary"
                onClick={() => open('showcase')}
                data-testid="explore-more"
              >
                {t('hero.explore')}
              </Button>
            </div>
            <button
              type="button"
              className="mt-6 text-sm text-ink-muted underline-offset-2 hover:text-brand hover:underline"
              onClick={() => open('faq')}
              data-testid="open-faq"
            >
              {t('common:home.faq')}
            </button>
          </div>
          <div aria-hidden="true" className="relative hidden md:block">
            <div className="rounded-3xl border border-line bg-surface-raised p-6 shadow-xl">
              <p className="text-sm text-ink-muted">HSKK · {t('common:levels.intermediate')}</p>
              <p className="mt-3 font-cjk text-3xl font-semibold" lang="zh-CN">
                请描述这张图片。
              </p>
              <p className="mt-1 text-ink-muted">Qǐng miáoshù zhè zhāng túpiàn.</p>
              <div className="mt-6 flex items-end gap-1">
                {[12, 28, 18, 36, 22, 30, 14, 26, 34, 16, 24, 10].map((h, i) => (
                  <span key={i} className="w-3 rounded-full bg-brand/70" style={{ height: `${h}px` }} />
                ))}
              </div>
              <p className="mt-6 rounded-xl bg-success/10 px-4 py-3 text-sm text-success">92 / 100</p>
            </div>
          </div>
        </div>
      </section>
      <section className="mx-auto max-w-6xl px-4">
        <ul className="grid gap-4 md:grid-cols-3">
          {HSKK_LEVELS.map((level) => (
            <li key={level} className="rounded-2xl border border-line bg-surface-raised p-6">
              <p className="text-xs font-semibold uppercase tracking-wide text-brand">
                {t(`levels.${level}.hsk`)}
              </p>
              <h2 className="mt-1 text-xl font-semibold">{t(`levels.${level}.title`)}</h2>
              <p className="mt-2 text-sm text-ink-muted">{t(`levels.${level}.description`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
