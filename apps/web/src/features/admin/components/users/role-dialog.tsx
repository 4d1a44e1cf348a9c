import { useTranslation } from 'react-i18next';
import { capitalise } from '@kouyu/core';
import type { StoredUser } from '@kouyu/core';
import { Modal } from '@/components/ui/modal';
import { useUpdateRole } from '../../api/update-role';
import { ConfirmStep } from './confirm-step';

/** Makes the user an admin or takes the role away (back to basic), after a confirmation. */
export function RoleDialog({
  user,
  makeAdmin,
  onClose,
  onDone,
}: {
  user: StoredUser;
  makeAdmin: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useTranslation(['admin', 'common']);
  const change = useUpdateRole(user.id);
  return (
    <Modal
      open
      onClose={onClose}
      title={makeAdmin ? t('role.makeAdmin') : t('role.makeBasic')}
      testId="role-dialog"
    >
      <ConfirmStep
        summary={t(makeAdmin ? 'role.confirmAdmin' : 'role.confirmBasic', { email: user.email })}
        danger={!makeAdmin}
        pending={change.isPending}
        error={change.error}
        onConfirm={() =>
          change.mutate(makeAdmin, {
            onSuccess: (data) =>
              onDone(t('role.done', { level: capitalise(t(`common:userLevels.${data.user.user_level}`)) })),
          })
        }
      />
    </Modal>
  );
}
