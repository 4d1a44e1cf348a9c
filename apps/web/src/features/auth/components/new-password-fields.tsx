import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import type { TextFieldProps } from '@/components/ui/text-field';

type FieldProps = Omit<TextFieldProps, 'label'>;

/** A new password and its confirmation, as register, reset and change-password ask for them. */
export function NewPasswordFields({
  field,
  label,
}: {
  /** The form's `field` binder; it must know `password` and `confirmPassword`. */
  field: (name: 'password' | 'confirmPassword') => FieldProps;
  label: 'auth.password' | 'auth.newPassword';
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        {...field('password')}
        label={t(label)}
        type="password"
        autoComplete="new-password"
        required
      />
      <TextField
        {...field('confirmPassword')}
        label={t('auth.confirmPassword')}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  );
}
