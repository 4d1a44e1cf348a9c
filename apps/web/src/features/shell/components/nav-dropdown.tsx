import { DropdownMenu } from 'radix-ui';
import { useNavigate } from 'react-router';
import { useLocalPath } from '@/components/ui/local-link';

export interface NavItem {
  label: string;
  to: string;
}

/** A header dropdown of links (keyboard and screen-reader accessible). */
export function NavDropdown({ label, items, testId }: { label: string; items: NavItem[]; testId: string }) {
  const navigate = useNavigate();
  const local = useLocalPath();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        data-testid={testId}
        className="flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-medium text-ink hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-brand data-[state=open]:bg-surface-sunken"
      >
        {label}
        <span aria-hidden="true" className="text-[10px] text-ink-muted">
          ▼
        </span>
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
