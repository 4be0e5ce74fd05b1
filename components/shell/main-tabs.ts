import type { MenuLabelKey } from './menu-items';

export interface MainTab {
  id: string;
  /** Key in the `menu` message namespace. */
  labelKey: MenuLabelKey;
  redirectPath: string;
}

/** Header shortcuts above 900px when logged in (SPEC.md section 2: Favorite and My Appointments). */
export const MAIN_TABS: readonly MainTab[] = [
  { id: 'home', labelKey: 'tabHome', redirectPath: '/' },
  { id: 'favorite', labelKey: 'favorite', redirectPath: '/favorites' },
  { id: 'my-appointments', labelKey: 'myAppointments', redirectPath: '/all-appointments' },
];

/** Whether `href` is the current page or one below it (the home page only for itself). */
export function isCurrent(pathname: string, href: string): boolean {
  return href === '/' ? pathname === '/' : pathname === href || pathname.startsWith(`${href}/`);
}
