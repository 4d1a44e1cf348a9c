import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';
import { FaqList } from './faq-list';

/** FAQ in a modal. */
export function FaqModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('content');
  return (
    <Modal open={open} onClose={onClose} title={t('faq.title')} testId="faq-modal">
      <FaqList />
    </Modal>
  );
}
