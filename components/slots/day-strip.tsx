import type { SlotDay } from '@/lib/contracts/providers';
import { addDays, formatLocalDate } from '@/components/provider/format';
import { ChevronLeftIcon, ChevronRightIcon } from '@/components/ui/chevron-icons';
import { WINDOW_DAYS, slotCount, type SlotTranslate } from './slot-selection';

/** The window's days, with their slots once known: the day row keeps its size while loading. */
export function windowDays(days: readonly SlotDay[], start: string): { date: string; day?: SlotDay }[] {
  if (days.length) return days.map((day) => ({ date: day.date, day }));
  return Array.from({ length: WINDOW_DAYS }, (_, i) => ({ date: addDays(start, i) }));
}

const arrow =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 disabled:opacity-40';

/**
 * A week of days to choose from, with earlier and later weeks (SPEC.md section 4: slots by
 * day, then morning and afternoon). One piece for the provider page's picker, the booking
 * page's slot field and the reschedule dialog, through <SlotWindow>.
 */
export function DayStrip({
  days,
  start,
  shownDate,
  locale,
  longDate,
  onChoose,
  onPage,
  canGoBack,
  canGoForward = true,
  t,
}: {
  days: readonly SlotDay[];
  /** First office-local date of the window. */
  start: string;
  shownDate: string | undefined;
  locale: string;
  longDate: (date: string) => string;
  onChoose: (date: string) => void;
  onPage: (direction: 1 | -1) => void;
  canGoBack: boolean;
  canGoForward?: boolean;
  t: SlotTranslate;
}) {
  return (
    <div className="flex items-center gap-1" role="group" aria-label={t('days')}>
      <button
        type="button"
        onClick={() => onPage(-1)}
        disabled={!canGoBack}
        aria-label={t('previousDays')}
        className={arrow}
      >
        <ChevronLeftIcon className="size-5" />
      </button>
      <ul className="grid flex-1 grid-cols-7 gap-1">
        {windowDays(days, start).map(({ date, day }) => {
          const count = day ? slotCount(day) : undefined;
          const pressed = shownDate === date;
          return (
            <li key={date}>
              <button
                type="button"
                aria-pressed={pressed}
                disabled={count === undefined}
                onClick={() => onChoose(date)}
                className={`flex min-h-14 w-full flex-col items-center justify-center rounded-lg border px-0.5 text-xs leading-tight ${
                  pressed
                    ? 'border-brand-700 bg-brand-700 text-white'
                    : count
                      ? 'border-slate-300 bg-white text-slate-900 hover:border-brand-700'
                      : 'border-slate-200 bg-slate-50 text-slate-600'
                }`}
              >
                <span className="font-semibold">{formatLocalDate(date, locale, { weekday: 'short' })}</span>
                <span>{formatLocalDate(date, locale, { day: 'numeric' })}</span>
                {/* The visible "Mon 23" starts the name (WCAG 2.5.3); the full date and count follow for screen readers. */}
                <span className="sr-only">
                  , {longDate(date)}
                  {count === undefined ? '' : `, ${t('slotCount', { count })}`}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <button
        type="button"
        onClick={() => onPage(1)}
        disabled={!canGoForward}
        aria-label={t('nextDays')}
        className={arrow}
      >
        <ChevronRightIcon className="size-5" />
      </button>
    </div>
  );
}
