import { getTranslations } from 'next-intl/server';
import {
  AppleIcon,
  FacebookIcon,
  InstagramIcon,
  LinkedInIcon,
  PinterestIcon,
  PlayStoreIcon,
  TikTokIcon,
  ToothIcon,
  XLogoIcon,
  YouTubeIcon,
} from '@/components/ui/icons';
import { Link } from '@/lib/i18n/navigation';
import { SOCIAL_NETWORKS, type ShellLinks, type SocialNetwork } from '@/lib/config/shell-links';
import type { ComponentType, ReactNode, SVGProps } from 'react';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

// The addresses come from the configuration (lib/config/shell-links.ts); the icons are the footer's.
const SOCIAL_ICONS: Record<SocialNetwork, Icon> = {
  facebook: FacebookIcon,
  instagram: InstagramIcon,
  x: XLogoIcon,
  linkedin: LinkedInIcon,
  youtube: YouTubeIcon,
  tiktok: TikTokIcon,
  pinterest: PinterestIcon,
};

const LEGAL = [
  { href: '/privacy-policy', key: 'privacy' },
  { href: '/terms-and-conditions', key: 'terms' },
  { href: '/useragreement', key: 'userAgreement' },
  { href: '/hippa', key: 'hipaa' },
] as const;

/**
 * A link to another site, opened in a new tab. With `label` (icon-only links) that is its name;
 * without one its visible text is, followed by the new-tab note for screen readers only, so the
 * name starts with what a person sees (WCAG 2.5.3 "Label in Name": a voice-control user says
 * the words on the badge).
 */
function ExternalLink({
  href,
  label,
  newTab,
  className,
  children,
}: {
  href: string;
  label?: string;
  newTab: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener"
      aria-label={label ? `${label} ${newTab}` : undefined}
      className={className}
    >
      {children}
      {label ? null : <span className="sr-only"> {newTab}</span>}
    </a>
  );
}

/**
 * The site footer (SPEC.md section 2): both app stores, copyright, legal links and seven social
 * links, their addresses from the configuration. A server component: it ships no JavaScript of its own.
 */
export async function Footer({
  appStoreUrl,
  googlePlayUrl,
  social,
}: Pick<ShellLinks, 'appStoreUrl' | 'googlePlayUrl' | 'social'>) {
  const t = await getTranslations('footer');
  const tc = await getTranslations('common');
  const newTab = tc('opensInNewTab');
  const badge =
    'inline-flex min-h-12 items-center gap-3 rounded-xl bg-slate-900 px-4 py-2 text-white ring-1 ring-white/20 hover:bg-black';

  return (
    <footer className="mt-16 bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-3">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <ToothIcon className="size-8" />
            Dental Booking
          </p>
          <h2 className="mt-6 text-sm font-semibold uppercase tracking-wide text-brand-100">{t('getTheApp')}</h2>
          <div className="mt-3 flex flex-wrap gap-3">
            <ExternalLink href={appStoreUrl} newTab={newTab} className={badge}>
              <AppleIcon className="size-7" />
              <span className="text-left leading-tight">
                <span className="block text-xs">{t('appStoreLine1')}</span>{' '}
                <span className="block text-base font-semibold">{t('appStoreLine2')}</span>
              </span>
            </ExternalLink>
            <ExternalLink href={googlePlayUrl} newTab={newTab} className={badge}>
              <PlayStoreIcon className="size-7" />
              <span className="text-left leading-tight">
                <span className="block text-xs">{t('googlePlayLine1')}</span>{' '}
                <span className="block text-base font-semibold">{t('googlePlayLine2')}</span>
              </span>
            </ExternalLink>
          </div>
        </div>

        <nav aria-labelledby="footer-legal">
          <h2 id="footer-legal" className="text-sm font-semibold uppercase tracking-wide text-brand-100">
            {t('legal')}
          </h2>
          <ul className="mt-3 space-y-1 [&_a]:inline-flex [&_a]:min-h-11 [&_a]:items-center [&_a]:text-white [&_a]:underline-offset-4 [&_a:hover]:underline sm:[&_a]:min-h-9">
            {LEGAL.map((link) => (
              <li key={link.href}>
                <Link href={link.href}>{t(link.key)}</Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-brand-100">{t('followUs')}</h2>
          {/* The round link style is set once on the list (every page carries the footer twice:
              HTML and React payload). */}
          <ul className="mt-3 flex flex-wrap gap-2 [&_a]:inline-flex [&_a]:size-11 [&_a]:items-center [&_a]:justify-center [&_a]:rounded-full [&_a]:bg-white/10 [&_a]:text-white [&_a:hover]:bg-white/20">
            {SOCIAL_NETWORKS.map((id) => {
              const Icon = SOCIAL_ICONS[id];
              return (
                <li key={id}>
                  <ExternalLink href={social[id]} label={t(`social.${id}`)} newTab={newTab}>
                    <Icon className="size-5" />
                  </ExternalLink>
                </li>
              );
            })}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/15">
        <p className="mx-auto max-w-7xl px-4 py-5 text-sm text-brand-100 sm:px-6">
          {t('copyright', { year: new Date().getFullYear() })}
        </p>
      </div>
    </footer>
  );
}
