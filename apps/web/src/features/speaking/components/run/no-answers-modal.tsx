import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/modal';

/** "No answers provided": completing with nothing answered. */
export function NoAnswersModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('speaking');
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('noAnswers.title')}
      description={t('noAnswers.text')}
      size="sm"
      testId="no-answers-modal"
    >
      <Button onClick={onClose} className="w-full">
        {t('noAnswers.understood')}
      </Button>
    </Modal>
  );
}
