import { HomeDesktop } from '@/features/shell/components/home-desktop';
import { HomeMobile } from '@/features/shell/components/home-mobile';
import { useSession } from '@/features/auth/hooks/use-session';
import { TodaySlot } from '@/features/today/components/today-slot';
import { useIsMobile } from '@/lib/use-media';
import { Suspense } from 'react';
import { lazyPart } from '@/lib/lazy-part';
import { guestTry } from '@/features/speaking/lib/guest-try';

// The guest's last try renders the lesson review, whose code and texts the home's first load leaves out.
const GuestLastTry = lazyPart(
  () => import('@/features/speaking/components/feedback/guest-last-try'),
  'GuestLastTry',
);

/**
 * Home: the mobile home at 768 px or less (or a mobile user agent), else the desktop hero. A signed-in
 * learner's home opens on today's plan above it (decision 019); guests see the home of spec 000 §2 unchanged.
 */
export function HomePage() {
  const mobile = useIsMobile();
  const { signedIn } = useSession();
  const home = mobile ? <HomeMobile /> : <HomeDesktop />;
  if (!signedIn) {
    // A guest's free try is kept on the device: home shows its feedback again (the modal covered nothing).
    const kept = guestTry();
    if (!kept) return home;
    return (
      <>
        <div className={mobile ? 'px-4 pt-4' : 'mx-auto w-full max-w-6xl px-4 pt-8'}>
          <Suspense fallback={null}>
            <GuestLastTry kept={kept} />
          </Suspense>
        </div>
        {home}
      </>
    );
  }
  return (
    <>
      <TodaySlot mobile={mobile} />
      {home}
    </>
  );
}
