import { HomeDesktop } from '@/features/shell/components/home-desktop';
import { HomeMobile } from '@/features/shell/components/home-mobile';
import { useIsMobile } from '@/lib/use-media';

/** Home: the mobile home at 768 px or less (or a mobile user agent), else the desktop hero. */
export function HomePage() {
  return useIsMobile() ? <HomeMobile /> : <HomeDesktop />;
}
