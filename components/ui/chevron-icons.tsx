import { Icon, type IconProps } from './icon-base';

/** Apart from the set (./icons.tsx re-exports them): the provider page's day strip loads them alone. */
export const ChevronLeftIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m14.5 6-6 6 6 6" />
  </Icon>
);
export const ChevronRightIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m9.5 6 6 6-6 6" />
  </Icon>
);
