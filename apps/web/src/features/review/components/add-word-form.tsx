import { useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { REVIEW_HANZI_MAX } from '@kouyu/core';
import { Button } from '@/components/ui/button';
import { ApiError } from '@/lib/api';
import { useAddReviewCard } from '@/lib/review-cards';

const HAN = /\p{Script=Han}/u;

/** The review page's "+": a word of the learner's own, typed in characters. */
export function AddWordForm() {
  const { t } = useTranslation();
  const add = useAddReviewCard();
  const [hanzi, setHanzi] = useState('');
  const valid = HAN.test(hanzi.trim());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    add.mutate({ kind: 'word', hanzi: hanzi.trim() }, { onSuccess: () => setHanzi('') });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" data-testid="review-add-form">
      <label htmlFor="review-add" className="text-sm font-medium">
        {t('review.addWord.label')}
      </label>
      <div className="flex gap-2">
        <input
          id="review-add"
          value={hanzi}
          maxLength={REVIEW_HANZI_MAX}
          onChange={(e) => {
            setHanzi(e.target.value);
            add.reset();
          }}
          lang="zh-CN"
          placeholder={t('review.addWord.placeholder')}
          className="h-10 min-w-0 flex-1 rounded-lg border border-line bg-surface px-3 font-cjk"
          data-testid="review-add-input"
        />
        <Button type="submit" disabled={!valid || add.isPending} data-testid="review-add-submit">
          {t('review.addWord.submit')}
        </Button>
      </div>
      {add.isSuccess ? (
        <p role="status" className="text-sm text-success" data-testid="review-add-done">
          {t('review.addWord.done', { hanzi: add.data.hanzi })}
        </p>
      ) : add.isError ? (
        <p role="alert" className="text-sm text-danger">
          {t(`errors.${add.error instanceof ApiError ? add.error.code : 'internal'}`)}
        </p>
      ) : null}
    </form>
  );
}
