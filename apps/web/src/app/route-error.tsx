import { useRouteError } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useOnline } from '@/lib/use-online';

/**
 * A page that could not be opened, inside the shell. Offline, a page whose code was never fetched
 * cannot load: say so, rather than show the router's raw error; any other failure offers a retry.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
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
