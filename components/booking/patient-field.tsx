'use client';

import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocale, useTranslations } from 'next-intl';
import { familyMemberRequestSchema, RELATIONSHIPS, type FamilyMemberRequest } from '@/lib/contracts/family';
import { GENDERS } from '@/lib/contracts/user';
import { useAddFamilyMember, useFamily } from '@/lib/api-client/booking';
import { apiErrorMessage, isSessionLost, sessionExpiredUrl, SERVER_MESSAGE } from '@/lib/api-client/error-message';
import { applyServerFieldErrors } from '@/components/ui/form-errors';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field-help';
import { FormAlert } from '@/components/ui/form-alert';
import { SelectField } from '@/components/ui/select-field';
import { TextField } from '@/components/ui/text-field';
import type { BookingPatient } from './booking-types';
import { useBookingErrorText } from './use-booking-error-text';

/**
 * Who the visit is for (issue 12): the account holder or one of their family members
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
          invalid={Boolean(error)}
        />
        {members.map((member) => (
          <Radio
            key={member.id}
            name="patient"
            value={member.id}
            checked={value === member.id}
            onChange={onChange}
            label={t('member', { name: `${member.firstName} ${member.lastName}`, relationship: tr(member.relationship) })}
            invalid={Boolean(error)}
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
  invalid,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  label: string;
  focusTarget?: boolean;
  invalid?: boolean;
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
        aria-invalid={invalid || undefined}
        data-focus={focusTarget ? name : undefined}
        className="size-5 accent-brand-700"
      />
      <label htmlFor={id} className="text-slate-900">
        {label}
      </label>
    </div>
  );
}

const EMPTY_MEMBER = { firstName: '', lastName: '', relationship: '', gender: '', dateOfBirth: '' } as unknown as FamilyMemberRequest;
const MEMBER_FIELDS = ['firstName', 'lastName', 'relationship', 'gender', 'dateOfBirth'] as const;

/**
 * Not a <form>: it sits inside the booking form, and forms cannot nest. Enter in a field adds
 * the member, as it would submit a form of its own.
 */
function AddFamilyMemberForm({ onAdded, onCancel }: { onAdded: (id: string, name: string) => void; onCancel: () => void }) {
  const t = useTranslations('booking.patient');
  const tr = useTranslations('booking.relationships');
  const tf = useTranslations('fields');
  const te = useTranslations('errors');
  const locale = useLocale();
  const errorText = useBookingErrorText();
  const add = useAddFamilyMember();
  const [alert, setAlert] = useState<string>();
  const rootRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FamilyMemberRequest>({
    resolver: zodResolver(familyMemberRequestSchema),
    defaultValues: EMPTY_MEMBER,
    shouldFocusError: false,
  });

  const focusFirst = (names: string[]) => {
    const field = MEMBER_FIELDS.find((name) => names.includes(name));
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
        const fields = applyServerFieldErrors(error, setError, MEMBER_FIELDS);
        if (fields.length) focusFirst(fields);
        else setAlert(apiErrorMessage(error, { offline: te('offline'), generic: t('addFailed'), byCode: { badRequest: SERVER_MESSAGE } }));
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
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={tf('firstName')} autoComplete="off" isRequired error={errorText(errors.firstName?.message)} {...register('firstName')} />
        <TextField label={tf('lastName')} autoComplete="off" isRequired error={errorText(errors.lastName?.message)} {...register('lastName')} />
        <SelectField
          label={t('relationship')}
          placeholder={t('selectRelationship')}
          options={RELATIONSHIPS.map((r) => ({ value: r, label: tr(r) }))}
          isRequired
          error={errorText(errors.relationship?.message)}
          {...register('relationship')}
        />
        <SelectField
          label={tf('gender')}
          placeholder={t('selectGender')}
          options={GENDERS.map((g) => ({ value: g, label: tf(`genders.${g}`) }))}
          isRequired
          error={errorText(errors.gender?.message)}
          {...register('gender')}
        />
        <TextField
          type="date"
          label={tf('dateOfBirth')}
          isRequired
          max={new Date().toISOString().slice(0, 10)}
          error={errorText(errors.dateOfBirth?.message)}
          {...register('dateOfBirth')}
        />
      </div>
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
