import type { SVGProps } from 'react';
import { Icon as LineIcon } from '@/components/ui/icons';

/** The shared line icon at the 20 px these controls use. */
function Icon(props: SVGProps<SVGSVGElement>) {
  return <LineIcon width={20} height={20} {...props} />;
}

/** Icons of the floating feedback menu, drawn like the shared line icons. */
export const ChatIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M4 5h16v11H9l-5 4z" />
    <path d="M8 9.5h8M8 12.5h5" />
  </Icon>
);
export const BugIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <rect x="7" y="7" width="10" height="13" rx="5" />
    <path d="M9 7a3 3 0 0 1 6 0M12 11v9M3 12h4M17 12h4M4 7l3 2M20 7l-3 2M4 18l3-2M20 18l-3-2" />
  </Icon>
);
export const BulbIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M9 17h6M10 21h4M12 3a6 6 0 0 0-3.5 10.9c.6.5 1 1.2 1 2.1h5c0-.9.4-1.6 1-2.1A6 6 0 0 0 12 3z" />
  </Icon>
);
export const SparkIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8z" />
  </Icon>
);
export const HeartIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
  </Icon>
);
export const WechatIcon = (p: SVGProps<SVGSVGElement>) => (
  <Icon {...p}>
    <path d="M9.5 4C5.9 4 3 6.4 3 9.4c0 1.7 1 3.3 2.5 4.3L5 16l2.5-1.3c.6.2 1.3.3 2 .3" />
    <path d="M15 9c3.3 0 6 2.2 6 4.9 0 1.5-.8 2.8-2.1 3.7l.4 2-2.2-1.1c-.7.2-1.4.3-2.1.3-3.3 0-6-2.2-6-4.9S11.7 9 15 9z" />
  </Icon>
);
