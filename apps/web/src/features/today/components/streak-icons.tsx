import type { SVGProps } from 'react';
import { Icon } from '@/components/ui/icons';

/** The streak. */
export const FlameIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M12 21c-3.9 0-7-2.8-7-6.6 0-3.3 2.4-5.3 3.8-7.4.5 1.6 1.3 2.6 2.4 3.1C11.6 6.6 13 4.4 15 3c-.3 2.9 4 5.7 4 11.4 0 3.8-3.1 6.6-7 6.6z" />
  </Icon>
);

/** The weekly streak freeze. */
export const SnowIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M12 2v20M4.2 6.5l15.6 11M4.2 17.5l15.6-11M9 4l3 3 3-3M9 20l3-3 3 3" />
  </Icon>
);
