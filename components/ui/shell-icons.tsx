import { Icon, type IconProps } from './icon-base';

/*
 * The icons of the header, which is in every page's first load. They live apart so the header
 * does not bring the whole set; components/ui/icons.tsx re-exports them and stays the one place
 * to import icons from elsewhere.
 */

export const HomeIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M3 11.5 12 4l9 7.5M5.5 9.5V20h5v-5.5h3V20h5V9.5" />
  </Icon>
);
export const MenuIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 6.5h16M4 12h16M4 17.5h16" />
  </Icon>
);
export const ChevronDownIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m6 9 6 6 6-6" />
  </Icon>
);
export const QuestionIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M9.5 9.3a2.6 2.6 0 0 1 5 .9c0 1.8-2.5 2.3-2.5 3.9M12 17.2v.1" />
  </Icon>
);
export const ToothIcon = (p: IconProps) => (
  <Icon strokeWidth={1.6} {...p}>
    <path d="M7.5 3.5c-2.6 0-4 2-4 4.6 0 2.3.8 3.6 1.5 5.4.8 2 1 7 3 7 1.7 0 1.5-5 4-5s2.3 5 4 5c2 0 2.2-5 3-7 .7-1.8 1.5-3.1 1.5-5.4 0-2.6-1.4-4.6-4-4.6-1.9 0-2.8 1-4.5 1s-2.6-1-4.5-1Z" />
  </Icon>
);
