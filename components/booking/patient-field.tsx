'use client';

import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useAddFamilyMember, useFamily } from '@/lib/api-client/booking';
import { apiErrorMessage, isSessionLost, sessionExpiredUrl, SERVER_MESSAGE } from '@/lib/api-client/error-message';
import { applyServerFieldErrors } from '@/components/ui/form-errors';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-help';
import { FormAlert } from '@/components/ui/form-alert';
import {
  FAMILY_MEMBER_FIELDS,
  FamilyMemberFields,
  useFamilyMemberForm,
} from '@/components/family/family-member-fields';
import type { BookingPatient } from './booking-types';

/**
 * Who the visit is for: the account holder or one of their family members
 * (GET /api/family), with an inline form that adds a member (POST /api/family) and chooses
 * them, so a patient can book for a new member without leaving the booking.
 */
export function PatientField({
  value,
  onChange,
  user,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  user: BookingPatient;
  error?: string;
}) {
  const t = useTranslations('booking.patient');
  const tr = useTranslations('booking.relationships');
  const family = useFamily();
  const id = useId();
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState('');
  const toggleRef = useRef<HTMLButtonElement>(null);
  const errorId = error ? `${id}-error` : undefined;
  const members = family.data ?? [];

  return (
    <fieldset aria-describedby={errorId} className="space-y-3">
      <legend className="text-lg font-semibold text-slate-900">{t('legend')}</legend>
      <div className="space-y-2">
        <Radio
          name="patient"
          value="self"
          checked={value === 'self'}
          onChange={onChange}
          label={t('self', { name: `${user.firstName} ${user.lastName}` })}
          focusTarget
        />
        {members.map((member) => (
          <Radio
            key={member.id}
            name="patient"
            value={member.id}
            checked={value === member.id}
            onChange={onChange}
            label={t('member', {
              name: `${member.firstName} ${member.lastName}`,
              relationship: tr(member.relationship),
            })}
          />
        ))}
      </div>
      {family.isError ? <p className="text-sm text-red-700">{t('familyFailed')}</p> : null}
      <FieldError id={errorId}>{error}</FieldError>
      <p role="status" className="text-sm text-slate-800">
        {added}
      </p>
      <button
        ref={toggleRef}
        type="button"
        aria-expanded={adding}
        aria-controls={`${id}-add`}
        onClick={() => setAdding((open) => !open)}
        className="inline-flex min-h-11 items-center rounded-lg font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
      >
        {t('addToggle')}
      </button>
      <div id={`${id}-add`} hidden={!adding}>
        {adding ? (
          <AddFamilyMemberForm
            onAdded={(memberId, name) => {
              onChange(memberId);
              setAdding(false);
              setAdded(t('added', { name }));
              toggleRef.current?.focus();
            }}
            onCancel={() => {
              setAdding(false);
              toggleRef.current?.focus();
            }}
          />
        ) : null}
      </div>
    </fieldset>
  );
}

function Radio({
  name,
  value,
  checked,
  onChange,
  label,
  focusTarget,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  label: string;
  focusTarget?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <input
        id={id}
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        data-booking-field={focusTarget ? name : undefined}
        className="size-5 accent-brand-700"
      />
      <label htmlFor={id} className="text-slate-900">
        {label}
      </label>
    </div>
  );
}

/**
 * Not a <form>: it sits inside the booking form, and forms cannot nest. Enter in a field adds
 * the member, as it would submit a form of its own.
 */
function AddFamilyMemberForm({
  onAdded,
  onCancel,
}: {
  onAdded: (id: string, name: string) => void;
  onCancel: () => void;
}) {
  const t = useTranslations('booking.patient');
  const te = useTranslations('errors');
  const locale = useLocale();
  const add = useAddFamilyMember();
  const [alert, setAlert] = useState<string>();
  const rootRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const form = useFamilyMemberForm();
  const { handleSubmit, setError } = form;

  const focusFirst = (names: string[]) => {
    const field = FAMILY_MEMBER_FIELDS.find((name) => names.includes(name));
    if (field) window.setTimeout(() => rootRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus(), 0);
  };

  const submit = handleSubmit(
    async (body) => {
      setAlert(undefined);
      try {
        const member = await add.mutateAsync(body);
        onAdded(member.id, `${member.firstName} ${member.lastName}`);
      } catch (error) {
        if (isSessionLost(error)) {
          window.location.assign(sessionExpiredUrl(locale));
          return;
        }
        const fields = applyServerFieldErrors(error, setError, FAMILY_MEMBER_FIELDS);
        if (fields.length) focusFirst(fields);
        else
          setAlert(
            apiErrorMessage(error, {
              offline: te('offline'),
              generic: t('addFailed'),
              byCode: { badRequest: SERVER_MESSAGE },
            }),
          );
      }
    },
    (invalid) => focusFirst(Object.keys(invalid)),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <div
      ref={rootRef}
      role="group"
      aria-labelledby={`${id}-title`}
      onKeyDown={onKeyDown}
      className="mt-2 space-y-4 rounded-xl border border-slate-300 bg-slate-50 p-4"
    >
      <h4 id={`${id}-title`} className="font-semibold text-slate-900">
        {t('addTitle')}
      </h4>
      <FormAlert>{alert}</FormAlert>
      <FamilyMemberFields form={form} />
      <div className="flex flex-wrap gap-3">
        <Button onClick={() => void submit()} disabled={add.isPending}>
          {add.isPending ? t('adding') : t('add')}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          {t('cancelAdd')}
        </Button>
      </div>
    </div>
  );
}
