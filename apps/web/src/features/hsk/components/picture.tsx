import type { HskPicture } from '@kouyu/core';
import { cn } from '@/components/ui/cn';

const sizes = { sm: 'h-14 w-14', md: 'h-20 w-20', lg: 'h-32 w-32' };

/** A picture of an item: a Fluent Emoji served by our server, described for screen readers. */
export function Picture({ picture, size = 'md' }: { picture: HskPicture; size?: keyof typeof sizes }) {
  return (
    <img
      src={picture.url}
      alt={picture.alt}
      title={picture.alt}
      loading="lazy"
      decoding="async"
      className={cn('shrink-0 select-none', sizes[size])}
      data-icon={picture.icon}
    />
  );
}
