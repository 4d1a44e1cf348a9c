import { cn } from '@/components/ui/cn';

/** Chinese text, with its pinyin underneath when the page shows pinyin (levels 1-2). */
export function ZhText({
  text,
  pinyin,
  showPinyin,
  className,
}: {
  text: string;
  pinyin?: string | undefined;
  showPinyin: boolean;
  className?: string;
}) {
  return (
    <span className={cn('inline-flex flex-col', className)}>
      <span lang="zh-CN">{text}</span>
      {showPinyin && pinyin ? (
        <span className="text-sm font-normal text-ink-muted" data-testid="pinyin">
          {pinyin}
        </span>
      ) : null}
    </span>
  );
}
