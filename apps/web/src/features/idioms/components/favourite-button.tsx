import { useTranslation } from 'react-i18next';
import { cn } from '@/components/ui/cn';
import { ApiError } from '@/lib/api';
import { useSetFavourite } from '../api/toggle-favourite';

interface Props {
  idiomId: number;
  chengyu: string;
  favourite: boolean;
  signedIn: boolean;
  onLoginNeeded: () => void;
}

/** The favourite star: guests are asked to log in instead (and a page of cards costs them no mutation). */
export function FavouriteButton(props: Props) {
  return props.signedIn ? (
    <SignedInStar {...props} />
  ) : (
    <Star chengyu={props.chengyu} shown={props.favourite} onClick={props.onLoginNeeded} />
  );
}

function SignedInStar({ idiomId, chengyu, favourite }: Props) {
  const { t } = useTranslation(['idioms', 'common']);
  const toggle = useSetFavourite();
  // While the change is on its way the star already shows where it is going.
  const shown = toggle.isPending && toggle.variables ? toggle.variables.favourite : favourite;
  return (
    <Star
      chengyu={chengyu}
      shown={shown}
      pending={toggle.isPending}
      onClick={() => toggle.mutate({ idiomId, favourite: !favourite })}
      error={
        toggle.isError
          ? t(`common:errors.${toggle.error instanceof ApiError ? toggle.error.code : 'internal'}`)
          : null
      }
    />
  );
}

function Star({
  chengyu,
  shown,
  pending = false,
  onClick,
  error = null,
}: {
  chengyu: string;
  shown: boolean;
  pending?: boolean;
  onClick: () => void;
  error?: string | null;
}) {
  const { t } = useTranslation(['idioms', 'common']);
  const label = shown ? t('favourite.remove', { idiom: chengyu }) : t('favourite.add', { idiom: chengyu });
  return (
    <div className="flex flex-col items-end">
      <button
        type="button"
        aria-pressed={shown}
        aria-label={label}
        title={label}
        data-testid="idiom-favourite"
        disabled={pending}
        onClick={onClick}
        className={cn(
          'inline-flex h-9 w-9 items-center justify-center rounded-full transition-colors',
          'hover:bg-surface-sunken focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-60',
          shown ? 'text-warning' : 'text-ink-muted',
        )}
      >
        <svg
          viewBox="0 0 24 24"
          width={22}
          height={22}
          aria-hidden="true"
          strokeWidth={1.8}
          strokeLinejoin="round"
          stroke="currentColor"
          fill={shown ? 'currentColor' : 'none'}
        >
          <path d="M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5z" />
        </svg>
      </button>
      {error ? (
        <p role="alert" className="text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}
