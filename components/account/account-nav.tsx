import { useTranslations } from 'next-intl';
import { Link } from '@/lib/i18n/navigation';
import { ACCOUNT_TABS, type AccountTabKey } from './account-tabs';

/**
 * The tabs are links, not an ARIA tablist: each tab has its own URL (shareable, works before
 * hydration, and the back button walks through them); aria-current marks the open one.
 */
export function AccountNav({ current }: { current: AccountTabKey }) {
  const t = useTranslations('account');
  return (
    <nav aria-label={t('navLabel')}>
      <ul className="flex flex-wrap gap-2 md:flex-col">
        {ACCOUNT_TABS.map((tab) => {
          const active = tab.key === current;
          return (
            <li key={tab.key}>
              <Link
                href={{ pathname: '/account-section', query: { tab: tab.key } }}
                aria-current={active ? 'page' : undefined}
                className={`block rounded-lg px-3 py-2 font-medium md:px-4 md:py-2.5 ${
                  active
                    ? 'bg-brand-700 text-white'
                    : 'text-slate-800 ring-1 ring-slate-300 hover:bg-brand-50 hover:text-brand-800 md:ring-0'
                }`}
              >
                {t(`tabs.${tab.label}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
