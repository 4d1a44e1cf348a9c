import { useTranslation } from 'react-i18next';
import type { PaginationProps } from '@/components/ui/pagination';

/** The translated labels of the shared pagination. */
export function usePaginationLabels(): PaginationProps['labels'] {
  const { t } = useTranslation('admin');
  return {
    nav: t('pagination.nav'),
    previous: t('pagination.previous'),
    next: t('pagination.next'),
    page: (n) => t('pagination.page', { n }),
  };
}
