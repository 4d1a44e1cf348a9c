import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CampusCard } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { CopyButton } from '@/components/ui/copy-button';
import './campus-print.css';

type Size = 'a6' | 'phone';

/** Size of the card on screen; print always uses A6 (the stylesheet's named page). */
const SIZES: Record<Size, string> = {
  a6: 'w-[105mm] min-h-[148mm] max-w-full',
  phone: 'w-[360px] min-h-[640px] max-w-full',
};

/** The campus card itself: printable (A6) and shareable, in the viewer's language. */
export function CardView({ card }: { card: CampusCard }) {
  const { t } = useTranslation('campus');
  const [size, setSize] = useState<Size>('a6');
  const title = card.title ?? t('card.defaultTitle');
  const offer = card.offer ?? t('card.defaultOffer');
  const url = card.register_url;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  return (
    <div className="flex flex-col items-center gap-4">
      <div
        className="campus-no-print flex flex-wrap items-center justify-center gap-2"
        role="group"
        aria-label={t('card.size')}
      >
        {(['a6', 'phone'] as const).map((s) => (
          <Button
            key={s}
            variant={size === s ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={size === s}
            onClick={() => setSize(s)}
            data-testid={`campus-size-${s}`}
          >
            {t(`card.sizes.${s}`)}
          </Button>
        ))}
        <Button variant="secondary" size="sm" onClick={() => window.print()} data-testid="campus-print">
          {t('card.print')}
        </Button>
        {url && canShare && (
          <Button
            variant="secondary"
            size="sm"
            onClick={() => void navigator.share({ title, text: offer, url }).catch(() => undefined)}
          >
            {t('card.share')}
          </Button>
        )}
        {url && <CopyButton text={url} label={t('card.copyLink')} testId="campus-copy" />}
      </div>

      <article
        className={cn(
          'campus-print flex flex-col items-center gap-3 rounded-2xl border border-line bg-white p-5 text-center text-neutral-900 shadow-sm',
          SIZES[size],
        )}
        data-testid="campus-card"
        data-size={size}
      >
        <p className="text-sm font-semibold tracking-wide text-brand uppercase">Kouyu</p>
        <h2 className="text-xl font-semibold" data-testid="campus-title">
          {title}
        </h2>
        <p className="text-sm whitespace-pre-line" data-testid="campus-offer">
          {offer}
        </p>
        <ul className="flex flex-col gap-1 text-left text-sm">
          {(['speaking', 'feedback', 'study'] as const).map((k) => (
            <li key={k}>✓ {t(`card.benefits.${k}`)}</li>
          ))}
        </ul>
        {url && card.qr_svg && card.code ? (
          <>
            <img src={card.qr_svg} alt={t('card.qrAlt')} className="h-44 w-44" data-testid="campus-qr" />
            <p className="text-sm font-medium">{t('card.scan')}</p>
            <p className="text-sm">
              {t('card.code')}{' '}
              <strong className="font-mono" data-testid="campus-code">
                {card.code}
              </strong>
            </p>
            <p className="text-sm">{t('card.bonus', { points: card.bonus_points })}</p>
          </>
        ) : (
          <p className="text-sm text-neutral-600" data-testid="campus-no-code">
            {t('card.noCode')}
          </p>
        )}
      </article>
      <p className="campus-no-print text-sm text-ink-muted" data-testid="campus-signups">
        {t('card.signups', { count: card.signups })}
      </p>
    </div>
  );
}
