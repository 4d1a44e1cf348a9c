import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal';
import { Button } from '@/components/ui/button';
import { useWechat } from '../api/get-wechat';

/** WeChat contact: loading, error with retry, the QR code, or not available. */
export function WechatModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const query = useWechat(open);
  const [imageFailed, setImageFailed] = useState(false);
  const url = query.data?.success ? query.data.data?.url : undefined;
  let body;
  if (query.isPending)
    body = (
      <p className="text-ink-muted" role="status">
        {t('common.loading')}
      </p>
    );
  else if (query.isError || imageFailed)
    body = (
      <div role="alert" className="text-center">
        <p className="text-danger">{imageFailed ? t('wechat.imageFailed') : t('wechat.failed')}</p>
        <Button
          className="mt-4"
          variant="secondary"
          onClick={() => {
            setImageFailed(false);
            void query.refetch();
          }}
        >
          {t('common.retry')}
        </Button>
      </div>
    );
  else if (!url)
    body = (
      <p className="text-ink-muted" data-testid="wechat-unavailable">
        {t('wechat.unavailable')}
      </p>
    );
  else
    body = (
      <figure className="text-center">
        <img
          src={url}
          alt={t('wechat.qrAlt')}
          data-testid="wechat-qr"
          className="mx-auto h-56 w-56 rounded-lg"
          onError={() => setImageFailed(true)}
        />
        <figcaption className="mt-3 text-sm text-ink-muted">{t('wechat.scan')}</figcaption>
      </figure>
    );
  return (
    <Modal open={open} onClose={onClose} title={t('wechat.title')} size="sm" testId="wechat-modal">
      {body}
    </Modal>
  );
}
