import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAMPUS_OFFER_MAX, CAMPUS_TITLE_MAX, LANGUAGES, invitationCodeSchema } from '@kouyu/core';
import type { CampusSettings, CampusTexts } from '@kouyu/core';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useCampusSettings, useSaveCampusSettings } from '../../api/campus-card';
import { LoadError, Loading, Panel, inputClass } from '../parts';

const textareaClass =
  'min-h-24 w-full rounded-lg border border-line bg-surface-raised px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-brand';

function CampusForm({ initial }: { initial: CampusSettings }) {
  const { t } = useTranslation('campus');
  const { t: tc } = useTranslation();
  const [code, setCode] = useState(initial.code ?? '');
  const [texts, setTexts] = useState<CampusTexts>(initial.texts);
  const save = useSaveCampusSettings();
  const codeOk = invitationCodeSchema.safeParse(code).success;
  const setText = (lang: (typeof LANGUAGES)[number], field: 'title' | 'offer', value: string) =>
    setTexts((prev) => {
      const current = prev[lang] ?? { title: '', offer: '' };
      return { ...prev, [lang]: { ...current, [field]: value } };
    });

  return (
    <form
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (codeOk) save.mutate({ code, texts });
      }}
    >
      <Alert tone={initial.enabled ? 'success' : 'info'} testId="campus-admin-state">
        {initial.enabled ? t('admin.enabled') : t('admin.disabled')}
      </Alert>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('admin.code')}
        <input
          className={inputClass}
          value={code}
          onChange={(e) => setCode(e.target.value.toUpperCase())}
          maxLength={32}
          data-testid="campus-admin-code"
        />
        <span className="font-normal text-ink-muted">{t('admin.codeHint')}</span>
      </label>
      {LANGUAGES.map((lang) => (
        <fieldset key={lang} className="flex flex-col gap-2 rounded-lg border border-line p-3">
          <legend className="px-1 text-sm font-medium">{t(`admin.language.${lang}`)}</legend>
          <label className="flex flex-col gap-1 text-sm">
            {t('admin.cardTitle')}
            <input
              className={inputClass}
              value={texts[lang]?.title ?? ''}
              maxLength={CAMPUS_TITLE_MAX}
              onChange={(e) => setText(lang, 'title', e.target.value)}
              data-testid={`campus-admin-title-${lang}`}
            />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {t('admin.offer')}
            <textarea
              className={textareaClass}
              value={texts[lang]?.offer ?? ''}
              maxLength={CAMPUS_OFFER_MAX}
              onChange={(e) => setText(lang, 'offer', e.target.value)}
              data-testid={`campus-admin-offer-${lang}`}
            />
          </label>
        </fieldset>
      ))}
      {save.isError && (
        <Alert tone="error" testId="campus-admin-error">
          {tc(`errors.${save.error instanceof ApiError ? save.error.code : 'internal'}`)}
        </Alert>
      )}
      {save.isSuccess && <Alert tone="success">{t('admin.saved')}</Alert>}
      <p className="text-sm text-ink-muted" data-testid="campus-admin-signups">
        {t('admin.signups', { count: save.data?.data.signups ?? initial.signups })}
      </p>
      <Button
        type="submit"
        className="self-start"
        disabled={!codeOk || save.isPending}
        data-testid="campus-admin-save"
      >
        {save.isPending ? t('admin.saving') : t('admin.save')}
      </Button>
    </form>
  );
}

/** `/{lang}/admin/campus-card`: the campus code the card hands out and its texts per language. */
export function CampusPanel() {
  const { t } = useTranslation('campus');
  const settings = useCampusSettings();
  return (
    <Panel title={t('admin.title')} testId="admin-campus">
      <p className="text-sm text-ink-muted">{t('admin.intro')}</p>
      {settings.isPending ? (
        <Loading />
      ) : settings.isError ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <CampusForm initial={settings.data.data} />
      )}
    </Panel>
  );
}
