import { useTranslation } from 'react-i18next';
import { LocalNavLink } from '@/components/ui/local-link';
import { cn } from '@/components/ui/cn';
import { useModals } from '@/lib/modals';
import { HomeIcon, MenuIcon, UserIcon } from '@/components/ui/icons';

const item = 'flex flex-1 flex-col items-center justify-center gap-0.5 py-2 text-xs font-medium';

/** Mobile bottom bar: Home, Profile, Menu. */
export function BottomBar() {
  const { t } = useTranslation();
  const { open } = useModals();
  return (
    <nav
      aria-label={t('bottomBar.label')}
      data-testid="bottom-bar"
      className="fixed inset-x-0 bottom-0 z-30 flex border-t border-line bg-surface-raised pb-[env(safe-area-inset-bottom)]"
    >
      <LocalNavLink
        to="/"
        end
        className={({ isActive }) => cn(item, isActive ? 'text-brand' : 'text-ink-muted')}
      >
        <HomeIcon className="h-5 w-5" />
        {t('bottomBar.home')}
      </LocalNavLink>
      <LocalNavLink
        to="/profile"
        className={({ isActive }) => cn(item, isActive ? 'text-brand' : 'text-ink-muted')}
      >
        <UserIcon className="h-5 w-5" />
        {t('bottomBar.profile')}
      </LocalNavLink>
      <button
        type="button"
        className={cn(item, 'text-ink-muted')}
        onClick={() => open('menu')}
        data-testid="bottom-menu"
      >
        <MenuIcon className="h-5 w-5" />
        {t('bottomBar.menu')}
      </button>
    </nav>
  );
}
