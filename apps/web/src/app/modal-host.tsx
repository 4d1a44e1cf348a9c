import { FaqModal } from '@/features/info';
import {
  InstallModal,
  LevelListModal,
  LevelModal,
  MenuModal,
  ShowcaseModal,
  WechatModal,
} from '@/features/shell';
import { useSession } from '@/features/auth';
import { FeedbackModal } from '@/features/feedback';
import { useModals } from '@/lib/modals';

/** Renders the one open modal. */
export function ModalHost() {
  const { current, close } = useModals();
  const { signedIn } = useSession();
  const id = current?.id;
  return (
    <>
      <LevelModal open={id === 'hskk'} onClose={close} />
      <LevelListModal kind="hsk" open={id === 'hsk'} onClose={close} />
      <LevelListModal kind="vocabulary" open={id === 'vocabulary'} onClose={close} />
      <ShowcaseModal open={id === 'showcase'} onClose={close} />
      <MenuModal open={id === 'menu'} onClose={close} />
      <FaqModal open={id === 'faq'} onClose={() => close()} />
      <WechatModal open={id === 'wechat'} onClose={() => close()} />
      <InstallModal open={id === 'install'} onClose={() => close()} platform={current?.props.platform} />
      <FeedbackModal
        open={id === 'feedback'}
        onClose={() => close()}
        signedIn={signedIn}
        type={current?.props.type}
        message={current?.props.message}
        placeholder={current?.props.placeholder}
      />
    </>
  );
}
