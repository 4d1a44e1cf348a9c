import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClass } from '@/components/ui/button';
import { LocalLink, useLang } from '@/components/ui/local-link';
import { ApiError } from '@/lib/api';
import { useCampusCard } from '../api/get-card';
import { useCampusGate } from '../api/get-status';
import { clearCampusPass, readCampusPass } from '../pass-storage';
import { CampusGate } from './campus-gate';
import { CardView } from './card-view';

function Card({ pass, onLocked }: { pass: string; onLocked: () => void }) {
  const { t } = useTranslation('campus');
  const { t: tc } = useTranslation();
  const lang = useLang();
  const card = useCampusCard(pass, lang);
  // A pass the server no longer accepts (expired, password changed): back to the gate.
  const refused = card.error instanceof ApiError && card.error.status === 401;
  useEffect(() => {
    if (!refused) return;
    clearCampusPass();
    onLocked();
  }, [refused, onLocked]);
  if (card.isPending || refused) return <p className="text-ink-muted">{t('loading')}</p>;
  if (card.isError) {
    return (
      <Alert tone="error" testId="campus-error">
        {tc(`errors.${card.error instanceof ApiError ? card.error.code : 'internal'}`)}
      </Alert>
    );
  }
  return <CardView card={card.data.data} />;
}

/** `/{lang}/campus-card` (spec 000 §2): the password gate, then the campus card. */
export function CampusCardPage() {
  const { t } = useTranslation('campus');
  const { t: tc } = useTranslation();
  const [pass, setPass] = useState(() => readCampusPass());
  const gate = useCampusGate();
  const lock = useCallback(() => setPass(null), []);

  let body;
  if (pass) {
    body = <Card pass={pass} onLocked={lock} />;
  } else if (gate.isPending) {
    body = <p className="text-ink-muted">{t('loading')}</p>;
  } else if (gate.isError) {
    body = (
      <Alert tone="error" testId="campus-error">
        {tc(`errors.${gate.error instanceof ApiError ? gate.error.code : 'internal'}`)}
      </Alert>
    );
  } else if (!gate.data) {
    body = (
      <Alert tone="info" testId="campus-disabled">
        <strong className="block">{t('disabled.title')}</strong>
        {t('disabled.text')}
      </Alert>
    );
  } else {
    body = <CampusGate onPass={setPass} />;
  }

  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-5 px-4 py-8" data-testid="campus-card-page">
      <div className="campus-no-print flex items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        {pass && (
          <Button
            variant="ghost"
            size="sm"
            data-testid="campus-lock"
            onClick={() => {
              clearCampusPass();
              setPass(null);
            }}
          >
            {t('lock')}
          </Button>
        )}
      </div>
      {body}
      <LocalLink
        to="/"
        className={buttonClass('secondary', 'md', 'campus-no-print self-start')}
        data-testid="campus-back"
      >
        {t('back')}
      </LocalLink>
    </section>
  );
}
