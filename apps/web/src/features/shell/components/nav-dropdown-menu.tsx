import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import { useLocalPath } from '@/components/ui/local-link';
import { NAV_TRIGGER_CLASS, NavTriggerLabel } from './nav-dropdown';
import type { NavDropdownProps } from './nav-dropdown';

/** A header dropdown of links (keyboard and screen-reader accessible); loaded when first opened. */
export function NavDropdownMenu({
  label,
  items,
  testId,
  defaultOpen,
}: NavDropdownProps & { defaultOpen: boolean }) {
  const navigate = useNavigate();
  const local = useLocalPath();
  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger data-testid={testId} className={NAV_TRIGGER_CLASS}>
        <NavTriggerLabel label={label} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={6}
          className="modal-fade z-50 min-w-44 rounded-xl border border-line bg-surface-raised p-1 shadow-xl"
        >
          {items.map((item) => (
            <DropdownMenu.Item
              key={item.to}
              onSelect={() => navigate(local(item.to))}
              className="cursor-pointer rounded-lg px-3 py-2 text-sm text-ink outline-none data-[highlighted]:bg-surface-sunken"
            >
              {item.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
