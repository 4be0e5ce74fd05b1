import { useTranslations } from 'next-intl';
import { APPOINTMENT_TABS, type AppointmentTab } from '@/lib/contracts/appointments';
import { Link } from '@/lib/i18n/navigation';

/**
 * Upcoming, past, canceled (SPEC.md section 2). Links, not an ARIA tablist, as the account
 * area's tabs (components/account/account-nav.tsx): each tab has its own URL (`?tab=`), so a
 * reload or the back button keeps it, and it works before hydration; aria-current marks the
 * open one.
 */
export function AppointmentTabs({ current }: { current: AppointmentTab }) {
  const t = useTranslations('appointments');
  return (
    <nav aria-label={t('tabsLabel')} className="mt-6">
      <ul className="flex flex-wrap gap-2">
        {APPOINTMENT_TABS.map((tab) => {
          const active = tab === current;
          return (
            <li key={tab}>
              <Link
                href={{ pathname: '/all-appointments', query: { tab } }}
                aria-current={active ? 'page' : undefined}
                className={`inline-flex min-h-11 items-center rounded-lg px-4 font-medium ${
                  active
                    ? 'bg-brand-700 text-white'
                    : 'text-slate-800 ring-1 ring-slate-300 hover:bg-brand-50 hover:text-brand-800'
                }`}
              >
                {t(`tabs.${tab}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
