import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Alert } from '@/components/ui/alert';
import { changePasswordFormSchema, useChangePassword } from '../api/change-password';
import { useForm } from '@/lib/form/use-form';
import { Failure } from './failure';
import { TextField } from '@/components/ui/text-field';
import { NewPasswordFields } from './new-password-fields';

const EMPTY = { current_password: '', password: '', confirmPassword: '' };

/** Change password: the current one, the new one twice. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const form = useForm(changePasswordFormSchema, EMPTY, { new_password: 'password' });
  const change = useChangePassword();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const data = form.submit();
    if (!data) return;
    change.mutate(
      { current_password: data.current_password, new_password: data.password },
      {
        onSuccess: () => {
          form.set('current_password', '');
          form.set('password', '');
          form.set('confirmPassword', '');
        },
        onError: (err) => form.showServerErrors(err),
      },
    );
  };

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex max-w-md flex-col gap-4"
      data-testid="change-password-form"
    >
      <TextField
        {...form.field('current_password')}
        label={t('profile.currentPassword')}
        type="password"
        autoComplete="current-password"
        required
      />
      <NewPasswordFields field={form.field} label="auth.newPassword" />
      <Failure error={change.error} fallback="internal" />
      {change.isSuccess ? (
        <Alert tone="success" testId="form-success">
          {t('profile.passwordChanged')}
        </Alert>
      ) : null}
      <Button
        type="submit"
        className="self-start"
        disabled={change.isPending}
        data-testid="change-password-submit"
      >
        {change.isPending ? t('auth.submitting') : t('profile.changePassword')}
      </Button>
    </form>
  );
}
