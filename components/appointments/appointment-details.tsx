'use client';

import { useEffect, useState, type ReactNode } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useQueryClient } from '@tanstack/react-query';
import type { Appointment } from '@/lib/contracts/appointments';
import { appointmentCalendarHref, useAppointment } from '@/lib/api-client/appointments';
import { queryKeys } from '@/lib/api-client/query-keys';
import { Link, useRouter } from '@/lib/i18n/navigation';
import { Avatar } from '@/components/ui/avatar';
import { Button, buttonClass } from '@/components/ui/button';
import { CalendarIcon, PhoneIcon, RouteIcon, VideoIcon } from '@/components/ui/icons';
import { formatFee } from '@/components/provider/format';
import { providerPath } from '@/components/provider/page-urls';
import { addressLines, appointmentWhen, cardBrandName, instantParts } from './format';
import { patientLabel } from './patient-label';
import { StatusBadge } from './status-badge';
import { CancelDialog } from './cancel-dialog';
import { RescheduleDialog } from './reschedule-dialog';
import { appointmentPath } from './appointment-card';
import { EarlierSlotAlert } from './earlier-slot-alert';
import { BackToAppointments } from './back-to-appointments';

const TITLE_ID = 'appointment-title';

/** The longest a timer may wait (setTimeout's limit is about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * /appointment-details/{id} (SPEC.md sections 2 and 3): everything about one appointment, its
 * video call or directions, the .ics, and cancel and reschedule. Rendered on the server from the
 * hydrated query, then kept current by it (a cancel or reschedule replaces it in place).
 */
export function AppointmentDetails({ id }: { id: string }) {
  const locale = useLocale();
  const query = useAppointment(locale, id);
  const appointment = query.data;
  const t = useTranslations('appointments');
  if (!appointment) {
    return (
      <div role="alert" className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <p className="text-slate-800">{t('detailsFailed')}</p>
        <Button variant="secondary" className="mt-4" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return <Details appointment={appointment} />;
}

function Details({ appointment }: { appointment: Appointment }) {
  const t = useTranslations('appointments');
  const locale = useLocale();
  const router = useRouter();
  const [dialog, setDialog] = useState<'cancel' | 'reschedule'>();
  const when = appointmentWhen(appointment, locale);
  const { provider, office } = appointment;
  const canceled = appointment.status === 'canceled';
  const focusTitle = () => document.getElementById(TITLE_ID)?.focus();

  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 id={TITLE_ID} tabIndex={-1} className="text-2xl font-semibold text-slate-900 sm:text-3xl">
          {t('details.title')}
        </h1>
        <StatusBadge status={appointment.status} className="text-sm" />
      </div>

      <section
        aria-labelledby="appointment-provider"
        className="mt-6 flex items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
      >
        <Avatar
          name={{ firstName: provider.firstName, lastName: provider.lastName }}
          src={provider.photoUrl}
          size={72}
        />
        <div>
          <p className="text-sm font-medium text-slate-600">{t('details.provider')}</p>
          <h2 id="appointment-provider" className="text-xl font-semibold text-slate-900">
            {provider.displayName}
          </h2>
          <Link href={providerPath(provider.id)} className="font-medium text-brand-800 underline underline-offset-2">
            {t('details.viewProfile')}
          </Link>
          {appointment.status === 'completed' ? (
            // A completed visit can be reviewed once; My Reviews opens the dialog for it.
            <Link
              href={{ pathname: '/account-section', query: { tab: 'my-reviews', review: appointment.id } }}
              className="ms-4 font-medium text-brand-800 underline underline-offset-2"
            >
              {t('details.writeReview')}
            </Link>
          ) : null}
        </div>
      </section>

      <Card id="appointment-visit" heading={t('details.visit')}>
        <Facts>
          <Fact label={t('details.date')}>{when.date}</Fact>
          <Fact label={t('details.time')}>{when.time}</Fact>
          <Fact label={t('details.timeZone')}>{when.zone}</Fact>
          <Fact label={t('details.visitType')}>{t(`visitType.${appointment.visitType}`)}</Fact>
          <Fact label={t('details.reason')}>{appointment.visitReason.name}</Fact>
          <Fact label={t('details.patient')}>{patientLabel(appointment, t)}</Fact>
          <Fact label={t('details.patientType')}>{t(`patientType.${appointment.patientType}`)}</Fact>
          <Fact label={t('details.insurance')}>
            {appointment.insurance
              ? `${appointment.insurance.carrierName} — ${appointment.insurance.planName}`
              : t('details.selfPay')}
          </Fact>
          <Fact label={t('details.status')}>{t(`status.${appointment.status}`)}</Fact>
          {appointment.cancellation ? (
            <Fact label={t(`details.canceledBy.${appointment.cancellation.by}`)}>
              {t('details.canceledOn', {
                date: instantParts(appointment.cancellation.canceledAt, appointment.timeZone, locale).date,
              })}
            </Fact>
          ) : null}
        </Facts>
        {appointment.rescheduledFromId ? (
          <p className="mt-4 text-sm text-slate-700">{t('details.rescheduledFrom')}</p>
        ) : null}
      </Card>

      {/* an upcoming appointment can ask to be told of an earlier slot with the same provider. */}
      {appointment.reschedulable ? <EarlierSlotAlert appointment={appointment} /> : null}

      {!canceled && appointment.visitType === 'virtual' && appointment.videoCall ? (
        <Card id="appointment-video" heading={t('details.videoCall')}>
          <VideoCall appointment={appointment} call={appointment.videoCall} />
        </Card>
      ) : null}

      <Card id="appointment-office" heading={t('details.office')}>
        <p className="font-semibold text-slate-900">{office.name}</p>
        <Facts>
          <Fact label={t('details.address')}>
            {addressLines(office).map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </Fact>
          <Fact label={t('details.phone')}>
            <a
              href={`tel:${office.phone.replace(/[^\d+]/g, '')}`}
              className="inline-flex items-center gap-1 font-medium text-brand-800 underline underline-offset-2"
            >
              <PhoneIcon className="size-4" />
              {office.phone}
            </a>
          </Fact>
        </Facts>
        {appointment.visitType === 'inOffice' && appointment.directionsUrl ? (
          <a
            href={appointment.directionsUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClass('secondary', 'mt-4')}
          >
            <RouteIcon className="size-5" />
            {t('details.directions')}
            <span className="sr-only"> {t('opensInNewTab')}</span>
          </a>
        ) : null}
      </Card>

      <Card id="appointment-notes" heading={t('details.notes')}>
        <p className="whitespace-pre-line text-slate-900">{appointment.notes}</p>
        {appointment.images.length ? (
          <>
            <h3 className="mt-5 font-semibold text-slate-900">{t('details.images')}</h3>
            <ul className="mt-3 flex flex-wrap gap-3">
              {appointment.images.map((image, index) => {
                const values = { number: index + 1, count: appointment.images.length };
                return (
                  <li key={image.id}>
                    <a
                      href={`/api/images/${image.id}`}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="block rounded-lg ring-1 ring-slate-300 hover:ring-brand-700"
                    >
                      {/* eslint-disable-next-line @next/next/no-img-element -- the patient's own image through the BFF, with the session cookie */}
                      <img
                        src={`/api/images/${image.id}`}
                        alt={t('details.imageAlt', values)}
                        width={96}
                        height={96}
                        loading="lazy"
                        className="size-24 rounded-lg object-cover"
                      />
                      <span className="sr-only"> {t('opensInNewTab')}</span>
                    </a>
                  </li>
                );
              })}
            </ul>
          </>
        ) : null}
      </Card>

      <Card id="appointment-payment" heading={t('details.payment')}>
        <Facts>
          <Fact label={t('details.fee')}>
            {appointment.feeCents > 0 ? formatFee(appointment.feeCents, locale) : t('details.noFee')}
          </Fact>
          {appointment.payment ? (
            <>
              <Fact label={t('details.transactionId')}>
                <span className="font-mono">{appointment.payment.transactionId}</span>
              </Fact>
              <Fact label={t('details.card')}>
                {t('details.paidWith', {
                  brand: cardBrandName(appointment.payment.brand),
                  last4: appointment.payment.last4,
                })}
              </Fact>
            </>
          ) : null}
          {appointment.refund ? (
            <>
              <Fact label={t('details.refundStatus')}>{t(`refundStatus.${appointment.refund.status}`)}</Fact>
              <Fact label={t('details.refundAmount')}>{formatFee(appointment.refund.amountCents, locale)}</Fact>
              {appointment.refund.transactionId ? (
                <Fact label={t('details.refundTransactionId')}>
                  <span className="font-mono">{appointment.refund.transactionId}</span>
                </Fact>
              ) : null}
            </>
          ) : null}
        </Facts>
      </Card>

      {!canceled ? (
        <section aria-labelledby="appointment-actions" className="mt-6">
          <h2 id="appointment-actions" className="sr-only">
            {t('details.actions')}
          </h2>
          <div className="flex flex-wrap gap-3">
            <a href={appointmentCalendarHref(appointment.id)} download className={buttonClass('secondary')}>
              <CalendarIcon className="size-5" />
              {t('details.addToCalendar')}
            </a>
            {appointment.reschedulable ? (
              <Button variant="secondary" onClick={() => setDialog('reschedule')}>
                {t('details.reschedule')}
              </Button>
            ) : null}
            {appointment.cancelPolicy.cancelable ? (
              <Button
                variant="secondary"
                className="border-red-700 text-red-800 hover:bg-red-50"
                onClick={() => setDialog('cancel')}
              >
                {t('details.cancel')}
              </Button>
            ) : null}
          </div>
        </section>
      ) : null}

      <CancelDialog
        appointment={appointment}
        open={dialog === 'cancel'}
        onClose={(done) => {
          setDialog(undefined);
          // The cancel button is gone once canceled: focus goes to the page's heading instead.
          if (done) setTimeout(focusTitle, 0);
        }}
      />
      <RescheduleDialog
        appointment={appointment}
        open={dialog === 'reschedule'}
        onClose={(moved) => {
          setDialog(undefined);
          // A reschedule may answer with a new appointment (the old one canceled as rescheduled): show that one.
          if (moved && moved.id !== appointment.id) router.replace(appointmentPath(moved.id));
          else if (moved) setTimeout(focusTitle, 0);
        }}
      />
      <BackToAppointments label={t('details.back')} />
    </>
  );
}

/**
 * The call's link comes from the server only from 15 minutes before the start to the end;
 * before that the page says when it opens, and refetches the appointment at that
 * moment so the link appears without a reload.
 */
function VideoCall({ appointment, call }: { appointment: Appointment; call: NonNullable<Appointment['videoCall']> }) {
  const t = useTranslations('appointments');
  const locale = useLocale();
  const queryClient = useQueryClient();
  const { url, opensAt, closesAt } = call;
  useEffect(() => {
    if (url) return;
    const wait = Date.parse(opensAt) - Date.now();
    if (wait <= 0 || wait > MAX_TIMER_MS) return;
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: queryKeys.appointment(locale, appointment.id) }),
      wait + 1000,
    );
    return () => clearTimeout(timer);
  }, [url, opensAt, locale, appointment.id, queryClient]);

  if (url) {
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClass('primary')}>
        <VideoIcon className="size-5" />
        {t('details.joinCall')}
        <span className="sr-only"> {t('opensInNewTab')}</span>
      </a>
    );
  }
  if (Date.parse(closesAt) <= Date.now()) return <p className="text-slate-800">{t('details.callEnded')}</p>;
  const opens = instantParts(opensAt, appointment.timeZone, locale);
  return (
    <div className="space-y-2">
      {/* A disabled control, so the call's place is visible before it opens; the text says when. */}
      <Button disabled aria-describedby="video-call-opens">
        <VideoIcon className="size-5" />
        {t('details.joinCall')}
      </Button>
      <p id="video-call-opens" className="text-slate-800">
        {t('details.callOpensAt', opens)}
      </p>
    </div>
  );
}

function Card({ id, heading, children }: { id: string; heading: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-6 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id={id} className="mb-3 text-lg font-semibold text-slate-900">
        {heading}
      </h2>
      {children}
    </section>
  );
}

function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid gap-4 sm:grid-cols-2">{children}</dl>;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}
