import type { FormEvent } from 'react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { ApiError } from '@/lib/api';
import { nameFormSchema, useUpdateProfile } from '../api/update-profile';

/** The editable display name. */
export function NameForm({ name }: { name: string }) {
  const { t } = useTranslation();
  const id = useId();
  const [value, setValue] = useState(name);
  const [invalid, setInvalid] = useState(false);
  const update = useUpdateProfile();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = nameFormSchema.safeParse({ name: value });
    setInvalid(!parsed.success);
    if (parsed.success) update.mutate(parsed.data);
  };

  const error = invalid
    ? t('errors.validation_failed')
    : update.error
      ? t(`errors.${update.error instanceof ApiError ? update.error.code : 'internal'}`)
      : null;
  const errorId = `${id}-error`;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-wrap items-end gap-2" data-testid="name-form">
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <label htmlFor={id} className="text-sm text-ink-muted">
          {t('profile.name')}
        </label>
        <input
          id={id}
          name="name"
          value={value}
          autoComplete="nickname"
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cn(
            'h-10 rounded-lg border bg-surface-raised px-3 text-ink focus-visible:outline-2 focus-visible:outline-brand',
            error ? 'border-danger' : 'border-line',
          )}
        />
      </div>
      <Button type="submit" disabled={update.isPending || value === name} data-testid="name-save">
        {t('common.save')}
      </Button>
      {error ? (
        <p id={errorId} role="alert" className="w-full text-sm text-danger">
          {error}
        </p>
      ) : null}
      {update.isSuccess && value === name ? (
        <p role="status" className="w-full text-sm text-success">
          {t('profile.saved')}
        </p>
      ) : null}
    </form>
  );
}
