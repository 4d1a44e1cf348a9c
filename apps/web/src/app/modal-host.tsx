import { Suspense, useState } from 'react';
import { useSession } from '@/features/auth/hooks/use-session';
import { lazyPart as modal$ } from '@/lib/lazy-part';
import { useModals } from '@/lib/modals';

// A modal's code is fetched the first time it opens, not with the home page (decision 017).
const LevelModal = modal$(() => import('@/features/shell/components/level-modal'), 'LevelModal');
const LevelListModal = modal$(() => import('@/features/shell/components/level-list-modal'), 'LevelListModal');
const ShowcaseModal = modal$(() => import('@/features/shell/components/showcase-modal'), 'ShowcaseModal');
const MenuModal = modal$(() => import('@/features/shell/components/menu-modal'), 'MenuModal');
const InstallModal = modal$(() => import('@/features/shell/components/install-modal'), 'InstallModal');
const WechatModal = modal$(() => import('@/features/shell/components/wechat-modal'), 'WechatModal');
const FaqModal = modal$(() => import('@/features/info/components/faq-modal'), 'FaqModal');
const FeedbackModal = modal$(() => import('@/features/feedback/components/feedback-modal'), 'FeedbackModal');

/** Renders the one open modal; a modal once opened stays mounted so it can animate and restore focus. */
export function ModalHost() {
  const { current, close } = useModals();
  const { signedIn } = useSession();
  const id = current?.id;
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  if (id && !opened.has(id)) setOpened(new Set(opened).add(id));
  const was = (name: string) => opened.has(name) || id === name;
  return (
    <Suspense fallback={null}>
      {was('hskk') ? <LevelModal open={id === 'hskk'} onClose={close} /> : null}
      {was('hsk') ? <LevelListModal kind="hsk" open={id === 'hsk'} onClose={close} /> : null}
      {was('vocabulary') ? (
        <LevelListModal kind="vocabulary" open={id === 'vocabulary'} onClose={close} />
      ) : null}
      {was('showcase') ? <ShowcaseModal open={id === 'showcase'} onClose={close} /> : null}
      {was('menu') ? <MenuModal open={id === 'menu'} onClose={close} /> : null}
      {was('faq') ? <FaqModal open={id === 'faq'} onClose={() => close()} /> : null}
      {was('wechat') ? <WechatModal open={id === 'wechat'} onClose={() => close()} /> : null}
      {was('install') ? (
        <InstallModal open={id === 'install'} onClose={() => close()} platform={current?.props.platform} />
      ) : null}
      {was('feedback') ? (
        <FeedbackModal
          open={id === 'feedback'}
          onClose={() => close()}
          signedIn={signedIn}
          type={current?.props.type}
          message={current?.props.message}
          placeholder={current?.props.placeholder}
        />
      ) : null}
    </Suspense>
  );
}
