import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { splitLanguage } from '@kouyu/core';
import { cn } from '@/components/ui/cn';
// Deep imports, not the feature barrels: a barrel would put every page of the feature in the first load.
import { AccountSlot } from '@/features/auth/components/account-slot';
import { PlusButton } from '@/features/auth/components/plus-button';
import { useSessionRules } from '@/features/auth/hooks/use-session-rules';
import { BottomBar } from '@/features/shell/components/bottom-bar';
import { Footer } from '@/features/shell/components/footer';
import { Header } from '@/features/shell/components/header';
import { InstallBanner } from '@/features/shell/components/install-banner';
import { FeedbackButton } from '@/features/feedback/components/feedback-button';
import { usePaymentCompletedRefresh } from '@/features/membership/hooks/payment-completed';
import { useModals } from '@/lib/modals';
import { useIsMobile } from '@/lib/use-media';
import { ModalHost } from './modal-host';
import { useNativeBackButton } from './native-back';
import { useNativeDeepLinks } from './native-links';

/** Page frame: header, content, footer; on mobile the install banner and bottom bar. */
export function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const location = useLocation();
  const { current, close } = useModals();
  const testPage = /\/test\//.test(location.pathname);
  const home = splitLanguage(location.pathname).rest === '/';
  useNativeBackButton();
  useNativeDeepLinks();
  useSessionRules();
  usePaymentCompletedRefresh();

  // A route change (a link inside a modal, or the browser) closes any open modal.
  useEffect(() => {
    if (current) close({ navigated: true });
    // Only the route matters here, not the modal itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.pathname]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface-raised focus:p-2"
      >
        {t('common.skipToContent')}
      </a>
      {/* Shown on phones only (the banner decides); the phone home has its own install button. */}
      <InstallBanner hidden={home} />
      <Header plus={<PlusButton />} account={<AccountSlot />} />
      <main id="main" className={cn('flex-1', mobile && 'pb-20', testPage && 'pb-24')}>
        {children}
        {/* Phones: the footer's links live in the Menu, and the footer itself ends the home page. */}
        {mobile && home ? <Footer /> : null}
      </main>
      {mobile ? <BottomBar /> : <Footer />}
      {/* "From anywhere" (spec 000 §2): on a test page too, compact, with room below the run to scroll clear of it. */}
      <FeedbackButton compact={testPage} />
      <ModalHost />
    </div>
  );
}
