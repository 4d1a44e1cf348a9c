import { useState } from 'react';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { IDIOM_TABS, useIdiomsState } from '../hooks/use-idioms-state';
import { useViewerId } from '../hooks/use-viewer';
import { BrowseTab } from './browse-tab';
import { FavouritesTab } from './favourites-tab';
import { LoginPrompt } from './login-prompt';
import { PracticeTab } from './practice-tab';

/** `/{lang}/idioms`: browse and search idioms with audio, keep favourites, practise with a summary. */
export function IdiomsPage() {
  const { t } = useTranslation('idioms');
  const [state, update] = useIdiomsState();
  const viewerId = useViewerId();
  const [loginPrompt, setLoginPrompt] = useState(false);

  return (
    <div
      className="mx-auto flex w-full max-w-5xl flex-col gap-5 px-4 py-8 sm:py-10"
      data-testid="idioms-page"
    >
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold sm:text-3xl">{t('title')}</h1>
        <p className="text-ink-muted">{t('intro')}</p>
      </header>
      <Tabs.Root
        value={state.tab}
        onValueChange={(tab) => update({ tab: IDIOM_TABS.find((x) => x === tab) ?? 'browse' })}
      >
        <Tabs.List
          className="mb-5 flex gap-1 rounded-xl bg-surface-sunken p-1 sm:max-w-md"
          aria-label={t('tabs.label')}
        >
          {IDIOM_TABS.map((tab) => (
            <Tabs.Trigger
              key={tab}
              value={tab}
              data-testid={`idioms-tab-${tab}`}
              className="flex-1 rounded-lg px-3 py-2 text-sm font-medium text-ink-muted focus-visible:outline-2 focus-visible:outline-brand data-[state=active]:bg-surface-raised data-[state=active]:text-ink data-[state=active]:shadow"
            >
              {t(`tabs.${tab}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="browse" className="focus-visible:outline-none">
          <BrowseTab
            state={state}
            update={update}
            viewerId={viewerId}
            onLoginNeeded={() => setLoginPrompt(true)}
          />
        </Tabs.Content>
        <Tabs.Content value="favourites" className="focus-visible:outline-none">
          <FavouritesTab viewerId={viewerId} />
        </Tabs.Content>
        <Tabs.Content value="practice" className="focus-visible:outline-none">
          <PracticeTab viewerId={viewerId} />
        </Tabs.Content>
      </Tabs.Root>
      <LoginPrompt open={loginPrompt} onClose={() => setLoginPrompt(false)} reason="favourite" />
    </div>
  );
}
