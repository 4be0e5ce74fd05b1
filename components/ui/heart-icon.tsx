import { Icon, type IconProps } from './icon-base';

/** Apart from the set (./icons.tsx re-exports it): the provider and clinic pages' heart loads it alone. */
export const HeartIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 20s-7.5-4.4-8.8-9.3C2.4 7.4 4.4 4.5 7.5 4.5c1.9 0 3.4 1.1 4.5 2.7 1.1-1.6 2.6-2.7 4.5-2.7 3.1 0 5.1 2.9 4.3 6.2C19.5 15.6 12 20 12 20Z" />
  </Icon>
);
