import type { FormEvent } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { useLocalPath } from '@/components/ui/local-link';
import { Modal } from '@/components/ui/modal';
import { deleteAccountBody, useDeleteAccount } from '../api/delete-account';
import { useForm } from '@/lib/form/use-form';
import { Failure } from './failure';
import { TextField } from '@/components/ui/text-field';

/** "Delete my account": a dialog asks for the password; success clears the session and goes home. */
export function DeleteAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const local = useLocalPath();
  const [open, setOpen] = useState(false);
  const form = useForm(deleteAccountBody, { password: '' });
  // Home first: the profile page is for signed-in users only.
  const remove = useDeleteAccount(() => navigate(local('/'), { replace: true }));

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = form.submit();
    if (!body) return;
    remove.mutate(body, { onError: (err) => form.showServerErrors(err) });
  };

  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)} data-testid="delete-account">
        {t('profile.deleteAccount')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('profile.deleteTitle')}
        description={t('profile.deleteConfirm')}
        size="sm"
        testId="delete-account-dialog"
      >
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
          <TextField
            {...form.field('password')}
            label={t('auth.password')}
            type="password"
            autoComplete="current-password"
            required
          />
          <Failure error={remove.error} fallback="internal" />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              variant="danger"
              disabled={remove.isPending}
              data-testid="delete-account-confirm"
            >
              {remove.isPending ? t('auth.submitting') : t('profile.deleteForGood')}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
