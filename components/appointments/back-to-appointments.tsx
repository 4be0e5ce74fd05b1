import { Link } from '@/lib/i18n/navigation';

/** The way back to the appointment list under an appointment's page (details, load failure). */
export function BackToAppointments({ label }: { label: string }) {
  return (
    <p className="mt-8">
      <Link href="/all-appointments" className="font-semibold text-brand-800 underline underline-offset-2">
        {label}
      </Link>
    </p>
  );
}
