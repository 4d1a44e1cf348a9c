import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@kouyu/core';
import type { Language } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { LocalLink } from '@/components/ui/local-link';
import { Modal } from '@/components/ui/modal';
import type { MicPermission } from '@/lib/audio/use-mic-permission';

const LANGUAGE_LABELS: Record<Language, string> = { en: 'EN', zh: '中文', ru: 'Русский' };
const STEPS = ['mic.steps.one', 'mic.steps.two', 'mic.steps.three'] as const;

/**
 * Asks for the microphone before the run (spec 001 §2), in English, Chinese or Russian whatever the
 * site language; when blocked it explains step by step how to allow it, with a refresh.
 */
export function MicPermissionModal({
  open,
  state,
  onAllow,
  onClose,
}: {
  open: boolean;
  state: MicPermission;
  onAllow: () => void;
  onClose: () => void;
}) {
  const { i18n } = useTranslation('speaking');
  const initial = LANGUAGES.find((l) => l === i18n.language) ?? 'en';
  const [lang, setLang] = useState<Language>(initial);
  const t = i18n.getFixedT(lang, 'speaking');
  const blocked = state === 'denied';
  const problem =
    state === 'not-found' || state === 'in-use' || state === 'unsupported' || state === 'failed';
  const title = blocked ? t('mic.blockedTitle') : problem ? t('mic.problemTitle') : t('mic.title');
  return (
    <Modal open={open} onClose={onClose} title={title} testId="mic-modal">
      <div className="flex flex-col gap-4" lang={lang === 'zh' ? 'zh-CN' : lang}>
        <div role="group" aria-label={t('mic.language')} className="flex gap-2">
          {LANGUAGES.map((l) => (
            <button
              key={l}
              type="button"
              aria-pressed={l === lang}
              onClick={() => setLang(l)}
              className={cn(
                'rounded-lg border px-3 py-1 text-sm',
                l === lang ? 'border-brand bg-brand text-on-brand' : 'border-line hover:bg-surface-sunken',
              )}
            >
              {LANGUAGE_LABELS[l]}
            </button>
          ))}
        </div>
        {blocked ? (
          <>
            <p>{t('mic.blockedText')}</p>
            <ol className="list-decimal space-y-1 pl-5 text-sm">
              {STEPS.map((k) => (
                <li key={k}>{t(k)}</li>
              ))}
            </ol>
            <Button onClick={() => window.location.reload()} data-testid="mic-refresh">
              {t('mic.refresh')}
            </Button>
          </>
        ) : problem ? (
          <>
            <p role="alert">
              {t(`mic.errors.${state === 'not-found' ? 'not_found' : state === 'in-use' ? 'in_use' : state}`)}
            </p>
            <Button onClick={onAllow}>{t('mic.tryAgain')}</Button>
          </>
        ) : (
          <>
            <p>{t('mic.text')}</p>
            <Button onClick={onAllow} data-testid="mic-allow">
              {t('mic.allow')}
            </Button>
          </>
        )}
        {blocked || problem ? (
          <LocalLink
            to="/speech-recognition"
            className="text-sm text-brand underline"
            data-testid="mic-check-link"
          >
            {t('mic.checkLink')}
          </LocalLink>
        ) : null}
      </div>
    </Modal>
  );
}
