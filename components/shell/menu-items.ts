/*
 * The header's menus: their items, in the spec's order, with their icons
 * (components/shell/dropdown-menu.tsx renders them).
 */
import {
  BuildingIcon,
  CalendarIcon,
  CreditCardIcon,
  DocumentIcon,
  HeartIcon,
  HomeIcon,
  IdCardIcon,
  KeyIcon,
  LifebuoyIcon,
  LoginIcon,
  LogoutIcon,
  MailIcon,
  ShieldIcon,
  StarIcon,
  UserIcon,
  UserPlusIcon,
  UsersIcon,
} from '@/components/ui/icons';
import type messages from '@/messages/en.json';
import type { ComponentType, SVGProps } from 'react';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;
export type MenuLabelKey = keyof (typeof messages)['menu'];

/** What choosing an item does: go to a page, or open one of the header's dialogs. */
export type MenuAction = 'logout' | 'contact' | 'brochure';

export interface MenuEntry {
  id: string;
  /** Key in the `menu` message namespace. */
  labelKey: MenuLabelKey;
  /** Locale-less path, query included; absent for items that open a dialog. */
  redirectPath?: string;
  action?: MenuAction;
  /** Account-area tab number (SPEC.md section 2: 1 my-profile … 6 support). */
  tab?: number;
  icon: Icon;
  /** Shown in the hamburger menu at 900px and below (SPEC.md section 2). */
  small?: boolean;
}

const account = (tab: string) => `/account-section?tab=${tab}`;

/** The logged-in account menu, in the spec's order (SPEC.md section 2, "Account menu"). */
export const ACCOUNT_MENU: readonly MenuEntry[] = [
  { id: 'home', labelKey: 'home', redirectPath: '/', icon: HomeIcon },
  { id: 'my-account', labelKey: 'myAccount', redirectPath: account('my-profile'), tab: 1, icon: UserIcon },
  { id: 'favorite', labelKey: 'favorite', redirectPath: '/favorites', icon: HeartIcon, small: true },
  {
    id: 'my-appointments',
    labelKey: 'myAppointments',
    redirectPath: '/all-appointments',
    icon: CalendarIcon,
    small: true,
  },
  { id: 'my-reviews', labelKey: 'myReviews', redirectPath: account('my-reviews'), tab: 4, icon: StarIcon, small: true },
  {
    id: 'my-profile',
    labelKey: 'myProfile',
    redirectPath: account('my-profile'),
    tab: 1,
    icon: IdCardIcon,
    small: true,
  },
  // Saved cards live in the My Profile tab (reachable from the account area and from payment).
  {
    id: 'saved-cards',
    labelKey: 'savedCards',
    redirectPath: `${account('my-profile')}#saved-cards`,
    tab: 1,
    icon: CreditCardIcon,
  },
  { id: 'insurance', labelKey: 'insurance', redirectPath: account('insurance'), tab: 2, icon: ShieldIcon },
  { id: 'family-members', labelKey: 'familyMembers', redirectPath: account('my-family'), tab: 3, icon: UsersIcon },
  {
    id: 'change-password',
    labelKey: 'changePassword',
    redirectPath: account('change-password'),
    tab: 5,
    icon: KeyIcon,
  },
  { id: 'support', labelKey: 'support', redirectPath: account('support'), tab: 6, icon: LifebuoyIcon },
  { id: 'logout', labelKey: 'logout', action: 'logout', icon: LogoutIcon, small: true },
];

/** The hamburger menu's items when logged in. */
export const ACCOUNT_MENU_SMALL = ACCOUNT_MENU.filter((item) => item.small);

/** The logged-out menu (SPEC.md section 2). */
export const GUEST_MENU: readonly MenuEntry[] = [
  { id: 'signup', labelKey: 'signup', redirectPath: '/signup', icon: UserPlusIcon },
  { id: 'login', labelKey: 'login', redirectPath: '/login', icon: LoginIcon },
  { id: 'list-your-practice', labelKey: 'listYourPractice', redirectPath: '/list-your-practice', icon: BuildingIcon },
  { id: 'contact', labelKey: 'contact', action: 'contact', icon: MailIcon },
];

/** The logged-out help menu. */
export const HELP_MENU: readonly MenuEntry[] = [
  { id: 'contact', labelKey: 'contact', action: 'contact', icon: MailIcon },
  { id: 'brochure', labelKey: 'brochure', action: 'brochure', icon: DocumentIcon },
];

/** The header's menus by name: the header names one, and the panel (loaded when opened) lists it. */
export type MenuId = 'account' | 'accountSmall' | 'guest' | 'help';
export const MENUS: Record<MenuId, readonly MenuEntry[]> = {
  account: ACCOUNT_MENU,
  accountSmall: ACCOUNT_MENU_SMALL,
  guest: GUEST_MENU,
  help: HELP_MENU,
};

// The support email and phone come from the configuration (lib/config/shell-links.ts, useSupportContacts).
export const BROCHURE_URL = '/brochure.pdf';
