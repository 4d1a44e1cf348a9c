import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useVerifyCampusPassword } from '../api/verify-password';

/** The password gate (spec 000 §5): checked by the server; a wrong password reads "Invalid password". */
export function CampusGate({ onPass }: { onPass: (pass: string) => void }) {
  const { t } = useTranslation('campus');
  const { t: tc } = useTranslation();
  const [password, setPassword] = useState('');
  const verify = useVerifyCampusPassword(onPass);
  const inputId = useId();
  const error = verify.error;
  const code = error instanceof ApiError ? error.code : error ? 'internal' : null;

  return (
    <form
      className="flex flex-col gap-4 rounded-2xl border border-line bg-surface-raised p-5"
      data-testid="campus-gate"
      onSubmit={(e) => {
        e.preventDefault();
        if (password) verify.mutate(password);
      }}
    >
      <p className="text-ink-muted">{t('gate.intro')}</p>
      <label htmlFor={inputId} className="text-sm font-medium">
        {t('gate.password')}
      </label>
      <input
        id={inputId}
        type="password"
        autoComplete="off"
        required
        className="h-11 rounded-lg border border-line bg-surface px-3 text-base focus-visible:outline-2 focus-visible:outline-brand"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        data-testid="campus-password"
      />
      {code && (
        <Alert tone="error" testId="campus-gate-error">
          {error instanceof ApiError && error.cooldown !== null
            ? tc('errors.rate_limited')
            : tc(`errors.${code}`)}
        </Alert>
      )}
      <Button type="submit" disabled={!password || verify.isPending} data-testid="campus-open">
        {verify.isPending ? t('gate.checking') : t('gate.open')}
      </Button>
    </form>
  );
}
