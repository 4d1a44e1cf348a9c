import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SkippedWords } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { Alert } from '@/components/ui/alert';
import { useExtractWords } from '../api/extract-words';
import type { DictationViewer } from '../hooks/use-viewer';
import { AccessPrompt } from './access-prompt';

/** "Add words from a photo" (Plus): the server reads the printed words and adds them under the rules. */
export function AddFromImage({
  words,
  viewer,
  disabled,
  onAdded,
}: {
  words: string[];
  viewer: DictationViewer;
  disabled: boolean;
  onAdded: (words: string[], added: number, skipped: SkippedWords) => void;
}) {
  const { t } = useTranslation(['dictation', 'common']);
  const file = useRef<HTMLInputElement>(null);
  const [gate, setGate] = useState(false);
  const extract = useExtractWords();

  const choose = () => {
    if (!viewer.plus) setGate(true);
    else file.current?.click();
  };

  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={choose}
        disabled={disabled || extract.isPending}
        data-testid="add-from-image"
      >
        {extract.isPending ? t('words.fromImageBusy') : t('words.fromImage')}
      </Button>
      <input
        ref={file}
        type="file"
        accept="image/png,image/jpeg,image/webp"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="add-from-image-file"
        onChange={(e) => {
          const photo = e.target.files?.[0];
          e.target.value = '';
          if (!photo) return;
          extract.mutate(
            { photo, words },
            { onSuccess: (data) => onAdded(data.words, data.added.length, data.skipped) },
          );
        }}
      />
      {gate && !viewer.plus ? (
        <div className="w-full">
          <AccessPrompt viewer={viewer} feature="image" />
        </div>
      ) : null}
      {extract.isError ? (
        <div className="w-full">
          <Alert tone="error">
            {t(`common:errors.${extract.error instanceof ApiError ? extract.error.code : 'internal'}`, {
              limit: viewer.limit,
            })}
          </Alert>
        </div>
      ) : null}
    </>
  );
}
