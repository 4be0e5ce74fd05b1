'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { AssistantMessage, SuggestedProvider } from '@/lib/contracts/assistant';
import { Link } from '@/lib/i18n/navigation';
import { bookingHref } from '@/components/provider/page-urls';
import { formatLocalDate, formatWallTime } from '@/components/provider/format';
import { formatMiles, formatRating } from '@/components/search/format';
import { SupportContactList } from '@/components/shell/support-contact-list';

/**
 * One message of the conversation. The speaker is said before the text (visually hidden), so a
 * screen reader that reads the log's new entry hears who speaks; suggested providers follow an
 * answer as cards whose times open the booking with that slot preselected.
 */
export function ChatMessage({
  message,
}: {
  message: Pick<AssistantMessage, 'role' | 'text'> & Partial<AssistantMessage>;
}) {
  const t = useTranslations('chat');
  const mine = message.role === 'user';
  return (
    <li className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
      <div className={`w-full ${mine ? 'max-w-[85%] sm:max-w-[70%]' : 'max-w-full'}`}>
        <p
          className={`whitespace-pre-wrap break-words rounded-2xl px-4 py-3 ${
            mine ? 'ml-auto w-fit bg-brand-700 text-white' : 'w-fit bg-white text-slate-900 ring-1 ring-slate-200'
          }`}
        >
          <span className="sr-only">{mine ? t('you') : t('assistant')}: </span>
          {message.text}
        </p>
        {message.attachments?.includes('supportContacts') ? <SupportContacts /> : null}
        {message.providers?.length ? (
          <ul aria-label={t('providersLabel')} className="mt-3 grid gap-3 sm:grid-cols-2">
            {message.providers.map((provider) => (
              <ProviderSuggestion key={`${provider.providerId}-${provider.officeId}`} provider={provider} />
            ))}
          </ul>
        ) : null}
      </div>
    </li>
  );
}

function SupportContacts() {
  const t = useTranslations('chat');
  return (
    <SupportContactList
      variant="labels"
      emailLabel={t('supportEmail')}
      phoneLabel={t('supportPhone')}
      className="mt-2 w-fit space-y-1 rounded-2xl bg-white px-4 py-3 ring-1 ring-slate-200"
    />
  );
}

function ProviderSuggestion({ provider }: { provider: SuggestedProvider }) {
  const t = useTranslations('chat');
  const locale = useLocale();
  const place = [provider.officeName, `${provider.city}, ${provider.state}`].join(' · ');
  return (
    <li className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <p className="font-semibold text-slate-900">{provider.displayName}</p>
      {provider.specialty ? <p className="text-sm text-slate-700">{provider.specialty}</p> : null}
      <p className="mt-1 text-sm text-slate-700">{place}</p>
      <p className="text-sm text-slate-700">
        {provider.distanceMiles !== null
          ? `${t('distance', { miles: formatMiles(provider.distanceMiles, locale) })} · `
          : null}
        {provider.rating.count
          ? t('rating', { average: formatRating(provider.rating.average, locale), count: provider.rating.count })
          : t('noRating')}
      </p>
      {provider.teledentalAvailable ? <p className="text-sm text-slate-700">{t('teledental')}</p> : null}
      {provider.languages.length ? (
        <p className="text-sm text-slate-700">{t('speaks', { languages: provider.languages.join(', ') })}</p>
      ) : null}
      <ul aria-label={t('slotsLabel', { name: provider.displayName })} className="mt-3 flex flex-wrap gap-2">
        {provider.slots.map((slot) => {
          const date = formatLocalDate(slot.localDate, locale);
          const time = formatWallTime(slot.localTime, locale);
          return (
            <li key={slot.start}>
              {/* The name says what the link does and with whom; the visible part is the time. */}
              {/* Booking is behind login: a prefetch would only fetch (and the router keep) the redirect to
                  login, so the middleware would never see the booking address to come back to after it. */}
              <Link
                prefetch={false}
                href={bookingHref(provider.providerId, provider.officeId, slot.start, { reason: provider.visitReason })}
                className="inline-flex min-h-11 items-center rounded-lg border border-brand-700 px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50"
              >
                <span className="sr-only">{t('bookSlot')} </span>
                {date}, {time}
                <span className="sr-only"> {t('bookSlotWith', { name: provider.displayName })}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </li>
  );
}
