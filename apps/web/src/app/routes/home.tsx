import { HomeDesktop } from '@/features/shell/components/home-desktop';
import { HomeMobile } from '@/features/shell/components/home-mobile';
import { useSession } from '@/features/auth/hooks/use-session';
import { TodaySlot } from '@/features/today/components/today-slot';
import { useIsMobile } from '@/lib/use-media';

/**
 * Home: the mobile home at 768 px or less (or a mobile user agent), else the desktop hero. A signed-in
 * learner's home opens on today's plan above it (issue 19); guests see the home of spec 000 §2 unchanged.
 */
export function HomePage() {
  const mobile = useIsMobile();
  const { signedIn } = useSession();
  const home = mobile ? <HomeMobile /> : <HomeDesktop />;
  if (!signedIn) return home;
  return (
    <>
      <TodaySlot mobile={mobile} />
      {home}
    </>
  );
}
