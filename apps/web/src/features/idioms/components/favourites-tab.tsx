import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useLang } from '@/components/ui/local-link';
import { useFavourites } from '../api/get-favourites';
import { FavouriteButton } from './favourite-button';
import { IdiomCard } from './idiom-card';
import { LoginNotice } from './login-prompt';

/** The signed-in user's favourite idioms; guests are invited to log in. */
export function FavouritesTab({ viewerId }: { viewerId: number | null }) {
  const { t } = useTranslation(['idioms', 'common']);
  const favourites = useFavourites(useLang(), viewerId);
  if (viewerId === null) return <LoginNotice reason="favourite" testId="favourites-login" />;
  if (favourites.isPending) return <p className="text-ink-muted">{t('common:common.loading')}</p>;
  if (favourites.isError)
    return (
      <p role="alert" className="flex flex-wrap items-center gap-2 text-danger">
        {t('loadFailed')}
        <Button variant="secondary" size="sm" onClick={() => void favourites.refetch()}>
          {t('common:common.retry')}
        </Button>
      </p>
    );
  if (favourites.data.data.length === 0)
    return (
      <p
        className="rounded-xl border border-dashed border-line p-6 text-center text-ink-muted"
        data-testid="favourites-empty"
      >
        {t('favourite.none')}
      </p>
    );
  return (
    <div className="grid gap-4 md:grid-cols-2" data-testid="favourites-list">
      {favourites.data.data.map(({ idiom }) => (
        <IdiomCard
          key={idiom.id}
          idiom={idiom}
          favourite={
            <FavouriteButton
              idiomId={idiom.id}
              chengyu={idiom.chengyu}
              favourite
              signedIn
              onLoginNeeded={() => undefined}
            />
          }
        />
      ))}
    </div>
  );
}
