import { LocalLink } from '@/components/ui/local-link';

/** The Kouyu logo, linking home. */
export function Logo() {
  return (
    <LocalLink
      aria-label="Kouyu 口语"
      to="/"
      className="flex items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-brand"
      data-testid="logo"
    >
      <img src="/icon.svg" alt="" width={32} height={32} className="h-8 w-8" />
      <span className="hidden text-lg font-bold tracking-tight text-ink min-[420px]:inline">
        Kouyu <span className="font-normal text-brand">口语</span>
      </span>
    </LocalLink>
  );
}
