import { Component } from 'react';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useOnline } from '@/lib/use-online';

/**
 * A page that could not be opened, inside the shell. Offline, a page whose code was never fetched
 * cannot load: say so, rather than show a raw error; any other failure offers a retry.
 */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const online = useOnline();
  const chunk = error instanceof TypeError && /dynamically imported module|import/i.test(error.message);
  const offline = !online || chunk;
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" role="alert" data-testid="route-error">
      <p className="mb-6 text-ink" data-testid={offline ? 'offline-state' : undefined}>
        {offline ? t('common.offline') : t('common.pageFailed')}
      </p>
      <Button variant="secondary" onClick={() => window.location.reload()}>
        {t('common.retry')}
      </Button>
    </section>
  );
}

interface BoundaryProps {
  /** A new value (the next navigation) clears a caught error, as the router's error element did. */
  resetKey: string;
  children: ReactNode;
}

class Boundary extends Component<BoundaryProps, { error: unknown; key: string | null }> {
  override state: { error: unknown; key: string | null } = { error: null, key: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error ?? new Error('unknown') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; key: string | null }) {
    // The error belongs to the location it happened at: another navigation shows the page again.
    if (state.key === null) return { error: state.error, key: props.resetKey };
    return state.key !== props.resetKey ? { error: null, key: props.resetKey } : null;
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/**
 * Catches what a page throws while it renders or loads (a chunk that cannot be fetched offline) and
 * shows `RouteError` in its place, inside the shell; the next navigation tries again.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary resetKey={location.key}>{children}</Boundary>;
}
