import { DeferredTrigger, deferred, useDeferredMenu } from '@/components/ui/deferred-menu';

export interface NavItem {
  label: string;
  to: string;
}

export interface NavDropdownProps {
  label: string;
  items: NavItem[];
  testId: string;
}

export const NAV_TRIGGER_CLASS =
  'flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-ink hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-brand data-[state=open]:bg-surface-sunken';

export function NavTriggerLabel({ label }: { label: string }) {
  return (
    <>
      {label}
      <span aria-hidden="true" className="text-[10px] text-ink-muted">
        ▼
      </span>
    </>
  );
}

const menu = deferred(() => import('./nav-dropdown-menu').then((m) => m.NavDropdownMenu));

/** A header dropdown of links; the dropdown's code loads when it is first opened (decision 017). */
export function NavDropdown(props: NavDropdownProps) {
  const { Menu, defaultOpen, prefetch, open } = useDeferredMenu(menu);
  if (Menu) return <Menu {...props} defaultOpen={defaultOpen} />;
  return (
    <DeferredTrigger data-testid={props.testId} className={NAV_TRIGGER_CLASS} prefetch={prefetch} open={open}>
      <NavTriggerLabel label={props.label} />
    </DeferredTrigger>
  );
}
