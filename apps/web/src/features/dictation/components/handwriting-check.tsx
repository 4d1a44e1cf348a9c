import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DictationInterval } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { Alert } from '@/components/ui/alert';
import { useAnalyzeHandwriting } from '../api/analyze-handwriting';
import type { HandwritingResult } from '../api/analyze-handwriting';
import { useSaveSession } from '../api/save-session';
import type { DictationViewer } from '../hooks/use-viewer';
import { AccessPrompt } from './access-prompt';
import { AnalysisView } from './analysis-view';

/** A photo chosen for analysis and its object URL for the preview (revoked when replaced). */
function usePhoto() {
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!photo) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);
  return { photo, preview, setPhoto };
}

/**
 * After the dictation: upload a photo of the handwriting (camera on phones), analyse it (Plus), see
 * the result and save or update the session (saving needs an analysis, spec 000 §5).
 */
export function HandwritingCheck({
  words,
  intervalS,
  viewer,
  sessionId,
  onSaved,
}: {
  words: string[];
  intervalS: DictationInterval;
  viewer: DictationViewer;
  /** The saved session this dictation updates, if any. */
  sessionId: number | null;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation(['dictation', 'common']);
  const inputId = useId();
  const { photo, preview, setPhoto } = usePhoto();
  const [result, setResult] = useState<HandwritingResult | null>(null);
  const [gate, setGate] = useState(false);
  const [saved, setSaved] = useState<'saved' | 'updated' | null>(null);
  const analyze = useAnalyzeHandwriting();
  const save = useSaveSession();

  const runAnalysis = () => {
    if (!photo) return;
    if (!viewer.plus) {
      setGate(true);
      return;
    }
    setSaved(null);
    analyze.mutate({ photo, words }, { onSuccess: setResult });
  };

  const runSave = () => {
    if (!result) return;
    save.mutate(
      { id: sessionId, words, interval_s: intervalS, analysis_id: result.analysis_id },
      {
        onSuccess: (session) => {
          setSaved(sessionId === null ? 'saved' : 'updated');
          onSaved(session.id);
        },
      },
    );
  };

  const failure = analyze.error ?? save.error;
  return (
    <div className="flex flex-col gap-4" data-testid="handwriting-check">
      <div className="flex flex-col gap-2">
        <label htmlFor={inputId} className="text-sm font-medium">
          {photo ? t('upload.change') : t('upload.choose')}
        </label>
        <input
          id={inputId}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          capture="environment"
          onChange={(e) => {
            setPhoto(e.target.files?.[0] ?? null);
            setResult(null);
            setSaved(null);
            analyze.reset();
          }}
          className="text-sm file:mr-3 file:h-10 file:rounded-lg file:border file:border-line file:bg-surface-raised file:px-4 file:text-ink"
          aria-describedby={`${inputId}-hint`}
          data-testid="photo-input"
        />
        <p id={`${inputId}-hint`} className="text-xs text-ink-muted">
          {t('upload.hint')}
        </p>
      </div>
      {preview ? (
        <img
          src={preview}
          alt={t('upload.previewAlt')}
          className="max-h-80 w-auto max-w-full self-start rounded-lg border border-line object-contain"
          data-testid="photo-preview"
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button onClick={runAnalysis} disabled={!photo || analyze.isPending} data-testid="analyse">
          {analyze.isPending ? t('upload.analysing') : t('upload.analyse')}
        </Button>
        {result ? (
          <Button variant="secondary" onClick={runSave} disabled={save.isPending} data-testid="save-session">
            {save.isPending ? t('save.saving') : sessionId === null ? t('save.save') : t('save.update')}
          </Button>
        ) : null}
      </div>
      {gate && !viewer.plus ? <AccessPrompt viewer={viewer} feature="analyse" /> : null}
      {failure ? (
        <Alert tone="error" testId="check-error">
          {t(`common:errors.${failure instanceof ApiError ? failure.code : 'internal'}`, {
            limit: viewer.limit,
          })}
        </Alert>
      ) : null}
      {saved ? (
        <Alert tone="success" testId="save-done">
          {saved === 'saved' ? t('save.saved') : t('save.updated')}
        </Alert>
      ) : null}
      {result ? <AnalysisView analysis={result.analysis} recognizedText={result.recognized_text} /> : null}
      {!result && photo && viewer.plus ? (
        <p className="text-sm text-ink-muted">{t('save.needAnalysis')}</p>
      ) : null}
    </div>
  );
}
