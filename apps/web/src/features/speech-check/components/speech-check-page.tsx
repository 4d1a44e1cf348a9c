import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '@/components/ui/local-link';
import { useHealth } from '@/lib/health';
import { useMicCheck } from '../hooks/use-mic-check';
import { useNetworkCheck } from '../hooks/use-network-check';
import { useViewer } from '@/lib/use-viewer';
import { CHECK_SENTENCES, checkSummary } from '../lib/speech-check';
import { asrEngineState } from '@/lib/health';
import type { RecognitionCheck } from '../lib/speech-check';
import { CheckSummary } from './check-summary';
import { MicStep } from './mic-step';
import { NetworkStep } from './network-step';
import { RecognitionStep } from './recognition-step';
import { ToneDrill } from './tone-drill';

/**
 * `/{lang}/speech-recognition`: before a test, checks the microphone, the connection and the
 * server's recognition with the test's own recorder, probe and recognition client.
 */
export function SpeechCheckPage() {
  const { t } = useTranslation('check');
  const lang = useLang();
  const mic = useMicCheck();
  const network = useNetworkCheck();
  const health = useHealth();
  const viewer = useViewer();
  const engine = health.data ? asrEngineState(health.data) : null;
  const [reading, setReading] = useState<RecognitionCheck>('pending');
  // Without an engine there is nothing to try: the step is settled as unavailable from the start.
  const recognition: RecognitionCheck = engine === 'none' && reading === 'pending' ? 'unavailable' : reading;
  // As in the test: quality is "good" until measured, and a server that did not answer is "poor".
  const quality = network.check === 'pending' ? 'good' : network.check === 'offline' ? 'poor' : network.check;

  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10"
      data-testid="speech-check"
    >
      <header className="flex flex-col gap-2">
        <h1 className="text-2xl font-semibold sm:text-3xl">{t('title')}</h1>
        <p className="text-ink-muted">{t('intro')}</p>
      </header>
      <MicStep mic={mic} />
      <NetworkStep network={network} />
      <RecognitionStep
        sentence={CHECK_SENTENCES[lang]}
        engine={engine}
        quality={quality}
        check={recognition}
        signedIn={viewer.signedIn}
        onBeforeRecord={mic.stop}
        onResult={setReading}
      />
      <CheckSummary summary={checkSummary(mic.check, network.check, recognition)} />
      <ToneDrill signedIn={viewer.signedIn} onBeforeRecord={mic.stop} />
    </div>
  );
}
