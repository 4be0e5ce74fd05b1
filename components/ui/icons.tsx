import { Icon, type IconProps } from './icon-base';

/**
 * Hand-drawn outline icons (no icon library, to keep the bundle small), all importable from here
 * (the header's few are kept in ./shell-icons.tsx). Always decorative:
 * the control that holds one carries the accessible name.
 */
export { ChevronDownIcon, HomeIcon, ToothIcon } from './shell-icons';
export { HeartIcon } from './heart-icon';

export const UserIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 20.5c1.2-3.6 4.2-5.5 8-5.5s6.8 1.9 8 5.5" />
  </Icon>
);
export const CalendarIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4" />
  </Icon>
);
export const StarIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z" />
  </Icon>
);
export const IdCardIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="2.5" y="5" width="19" height="14" rx="2" />
    <circle cx="8.5" cy="11" r="2" />
    <path d="M5.5 16c.6-1.5 1.6-2.2 3-2.2s2.4.7 3 2.2M14.5 10h4M14.5 13.5h3" />
  </Icon>
);
export const ShieldIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3 4.5 6v5.5c0 4.6 3.1 8.1 7.5 9.5 4.4-1.4 7.5-4.9 7.5-9.5V6L12 3Z" />
    <path d="m9 12 2 2 4-4" />
  </Icon>
);
export const UsersIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="9" cy="8.5" r="3.5" />
    <path d="M2.5 20c.9-3.3 3.3-5 6.5-5s5.6 1.7 6.5 5M15.5 5.2a3.5 3.5 0 0 1 0 6.6M17.5 15.3c2 .6 3.4 2.2 4 4.7" />
  </Icon>
);
export const KeyIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="8" cy="15" r="4.5" />
    <path d="m11.2 11.8 8.3-8.3M16 7l2.5 2.5M18.5 4.5 21 7" />
  </Icon>
);
export const LifebuoyIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <circle cx="12" cy="12" r="3.5" />
    <path d="m6 6 3.5 3.5M18 6l-3.5 3.5M6 18l3.5-3.5M18 18l-3.5-3.5" />
  </Icon>
);
export const LogoutIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 4.5H6.5a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2H14M10 12h10.5M17 8.5l3.5 3.5-3.5 3.5" />
  </Icon>
);
export const MailIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="5.5" width="18" height="13" rx="2" />
    <path d="m3.5 7 8.5 6 8.5-6" />
  </Icon>
);
export const PhoneIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6.6 3.5h-2a1.5 1.5 0 0 0-1.5 1.6C3.6 13.6 10.4 20.4 18.9 20.9a1.5 1.5 0 0 0 1.6-1.5v-2a1.5 1.5 0 0 0-1.1-1.4l-2.8-.8a1.5 1.5 0 0 0-1.5.4l-1.2 1.2a12 12 0 0 1-5.7-5.7l1.2-1.2a1.5 1.5 0 0 0 .4-1.5L8 4.6a1.5 1.5 0 0 0-1.4-1.1Z" />
  </Icon>
);
export const DocumentIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Z" />
    <path d="M14 3v5h5M9 13h6M9 17h6" />
  </Icon>
);
export const BuildingIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4 20.5V5a1.5 1.5 0 0 1 1.5-1.5h8A1.5 1.5 0 0 1 15 5v15.5M15 9.5h3.5A1.5 1.5 0 0 1 20 11v9.5M2.5 20.5h19M7.5 7.5h1M11 7.5h1M7.5 11h1M11 11h1M7.5 14.5h1M11 14.5h1" />
  </Icon>
);
export const LoginIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M10 4.5h7.5a2 2 0 0 1 2 2v11a2 2 0 0 1-2 2H10M3.5 12H14M10.5 8.5 14 12l-3.5 3.5" />
  </Icon>
);
export const UserPlusIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="10" cy="8" r="4" />
    <path d="M2.5 20.5c1.1-3.6 3.9-5.5 7.5-5.5 1.4 0 2.7.3 3.8.9M18.5 14v6M15.5 17h6" />
  </Icon>
);
export const CloseIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M6 6l12 12M18 6 6 18" />
  </Icon>
);
export const ExternalIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M14 4h6v6M20 4l-9 9M18 14v4.5a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 4 18.5v-11A1.5 1.5 0 0 1 5.5 6H10" />
  </Icon>
);

/** The brand mark: a stylised molar. */

// Social and store marks, simplified to outline glyphs in the same style.
export const FacebookIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M15.5 3.5h-2.3A3.7 3.7 0 0 0 9.5 7.2v13.3M6.5 10.5h8" />
  </Icon>
);
export const InstagramIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.2" cy="6.8" r=".6" fill="currentColor" />
  </Icon>
);
export const XLogoIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M4.5 4h4l11 16h-4L4.5 4ZM19 4l-6.2 7M5 20l6.2-7" />
  </Icon>
);
export const LinkedInIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3.5" y="3.5" width="17" height="17" rx="2.5" />
    <path d="M8 10.5V16.5M8 7.5v.01M12 16.5v-6M12 13a2.5 2.5 0 0 1 5 0v3.5" />
  </Icon>
);
export const YouTubeIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
    <path d="M10.5 9.5v5l4.2-2.5-4.2-2.5Z" fill="currentColor" />
  </Icon>
);
export const TikTokIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M13.5 3.5v11.8a3.7 3.7 0 1 1-3.7-3.7M13.5 3.5c.4 2.7 2.4 4.6 5 4.8" />
  </Icon>
);
export const PinterestIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M10.8 9.2c.4-.9 1.4-1.5 2.5-1.4 1.7.1 2.8 1.5 2.5 3.2-.3 1.8-1.8 3-3.5 2.6M12 10.5 9.5 20" />
  </Icon>
);
export const AppleIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 7.5c-1.2-.8-2.2-1-3.3-1C6 6.5 4.5 8.8 4.5 11.8c0 4 2.6 8.7 4.8 8.7.9 0 1.6-.6 2.7-.6s1.8.6 2.7.6c1.6 0 3.3-2.6 4.2-5.1-1.6-.7-2.6-2.1-2.6-3.8 0-1.5.8-2.7 2-3.5-.9-1.2-2.2-1.7-3.6-1.7-1.1 0-1.9.3-2.7 1.1Z" />
    <path d="M12.2 6.5c0-1.9 1.2-3.3 3-3.5" />
  </Icon>
);
export const PlayStoreIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M5 3.8v16.4c0 .6.6 1 1.1.7L20 12.8c.5-.3.5-1.1 0-1.4L6.1 3.1C5.6 2.8 5 3.2 5 3.8Z" />
    <path d="M5.3 3.3 15 15.8M5.3 20.7 15 8.2" />
  </Icon>
);

export const MapPinIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 0 1 13 0c0 5.4-6.5 11-6.5 11Z" />
    <circle cx="12" cy="10" r="2.3" />
  </Icon>
);

export const CheckCircleIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="m8.5 12.2 2.4 2.4 4.6-4.8" />
  </Icon>
);

export const VideoIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="6.5" width="12.5" height="11" rx="2" />
    <path d="m15.5 10.5 5.5-3v9l-5.5-3" />
  </Icon>
);

export const RouteIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="M12 3.5 20.5 12 12 20.5 3.5 12 12 3.5Z" />
    <path d="M9.5 13.5v-2a1 1 0 0 1 1-1h4M13 8.5l2 2-2 2" />
  </Icon>
);

export const GlobeIcon = (p: IconProps) => (
  <Icon {...p}>
    <circle cx="12" cy="12" r="8.5" />
    <path d="M3.5 12h17M12 3.5c2.3 2.4 3.5 5.2 3.5 8.5s-1.2 6.1-3.5 8.5c-2.3-2.4-3.5-5.2-3.5-8.5s1.2-6.1 3.5-8.5Z" />
  </Icon>
);

export const CheckIcon = (p: IconProps) => (
  <Icon {...p}>
    <path d="m5 12.5 4.5 4.5L19 7.5" />
  </Icon>
);

export const CreditCardIcon = (p: IconProps) => (
  <Icon {...p}>
    <rect x="3" y="5.5" width="18" height="13" rx="2" />
    <path d="M3 10h18M7 15h3" />
  </Icon>
);
