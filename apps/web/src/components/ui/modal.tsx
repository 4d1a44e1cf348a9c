import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from './cn';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
}

const widths = { sm: 'max-w-sm', md: 'max-w-lg', lg: 'max-w-3xl' };

/** Accessible dialog: focus trap, Escape and overlay click close it, fades in over 100 ms. */
export function Modal({ open, onClose, title, description, children, size = 'md', testId }: ModalProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay
          className="modal-fade fixed inset-0 z-40 bg-black/50 backdrop-blur-[1px]"
          data-testid="modal-overlay"
        />
        <Dialog.Content
          data-testid={testId}
          className={cn(
            'modal-fade fixed left-1/2 top-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2',
            'overflow-y-auto rounded-2xl bg-surface-raised p-6 text-ink shadow-2xl focus:outline-none',
            widths[size],
          )}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold">{title}</Dialog.Title>
            <Dialog.Close
              className="-m-2 rounded-lg p-2 text-ink-muted hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-brand"
              aria-label={t('common.close')}
            >
              <span aria-hidden="true" className="block text-xl leading-none">
                ×
              </span>
            </Dialog.Close>
          </div>
          {description ? (
            <Dialog.Description className="mb-4 text-ink-muted">{description}</Dialog.Description>
          ) : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
