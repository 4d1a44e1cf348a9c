import { useTranslation } from 'react-i18next';
import { CODE_LENGTH } from '@kouyu/core';
import { TextField } from '@/components/ui/text-field';
import type { TextFieldProps } from '@/components/ui/text-field';

/** The 6-digit code input: numeric keyboard, and one-time-code autofill from the mail or SMS. */
export function CodeField(props: Omit<TextFieldProps, 'label'>) {
  const { t } = useTranslation();
  return (
    <TextField
      label={t('auth.code')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={CODE_LENGTH}
      className="[&_input]:text-center [&_input]:font-mono [&_input]:text-xl [&_input]:tracking-[0.5em]"
      required
      {...props}
    />
  );
}
