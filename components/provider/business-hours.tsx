import { getTranslations } from 'next-intl/server';
import type { BusinessHours } from '@/lib/contracts/discovery';
import { timeZoneLabel } from '@/lib/display/time-zone-label';
import { formatWallTime, weekdayName } from './format';

/** Monday first, as offices print their hours. */
const ORDER = [1, 2, 3, 4, 5, 6, 0];

/** An office's opening hours, Monday to Sunday, in the office's own time zone (named). */
export async function BusinessHoursTable({
  hours,
  timeZone,
  locale,
  highlight,
}: {
  hours: readonly BusinessHours[];
  timeZone: string;
  locale: string;
  /** Weekdays to mark (the days a provider works at this office). */
  highlight?: readonly number[];
}) {
  const t = await getTranslations('provider');
  return (
    // Cell styles are set once on the table: a provider page has a table per office, and each
    // class list on 14 cells would be written twice (HTML and React payload).
    <table className="w-full max-w-sm text-sm text-slate-800 [&_td]:py-0.5 [&_th]:py-0.5 [&_th]:pr-4 [&_th]:text-left [&_th]:font-[inherit]">
      <caption className="mb-1 text-left text-sm text-slate-700">
        {t('hoursTimeZone', { zone: timeZoneLabel(timeZone, locale) })}
      </caption>
      <tbody>
        {ORDER.map((weekday) => {
          const day = hours.filter((h) => h.weekday === weekday);
          const marked = highlight?.includes(weekday);
          return (
            <tr key={weekday} className={marked ? 'font-semibold text-slate-900' : undefined}>
              <th scope="row">
                {weekdayName(weekday, locale)}
                {marked ? <span className="sr-only"> ({t('workingDay')})</span> : null}
              </th>
              <td>
                {day.length
                  ? day
                      // 00:00 to 24:00 would read "12:00 AM – 12:00 AM" (the around-the-clock practices).
                      .map((h) =>
                        h.opens === '00:00' && h.closes === '24:00'
                          ? t('open24Hours')
                          : `${formatWallTime(h.opens, locale)} – ${formatWallTime(h.closes, locale)}`,
                      )
                      .join(', ')
                  : t('closed')}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
