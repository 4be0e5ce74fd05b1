import { useTranslations } from 'next-intl';
import type { AppointmentStatus } from '@/lib/contracts/appointments';

const TONES: Record<AppointmentStatus, string> = {
  scheduled: 'bg-brand-50 text-brand-900 ring-brand-200',
  confirmed: 'bg-green-50 text-green-900 ring-green-200',
  completed: 'bg-slate-100 text-slate-800 ring-slate-300',
  noShow: 'bg-amber-50 text-amber-900 ring-amber-200',
  canceled: 'bg-red-50 text-red-900 ring-red-200',
};

/** The appointment's status (SPEC.md section 4: Scheduled, Confirmed, Completed, No Show, Canceled). */
export function StatusBadge({ status, className = '' }: { status: AppointmentStatus; className?: string }) {
  const t = useTranslations('appointments');
  const label = t(`status.${status}`);
  return (
    <span
      data-status={status}
      className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${TONES[status]} ${className}`}
    >
      {/* Colour is not the only cue, and out of context "Canceled" alone is unclear to a screen reader. */}
      <span className="sr-only">{t('statusPrefix')} </span>
      {label}
    </span>
  );
}
