'use client';

import { useEffect, useRef, useState } from 'react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { User } from '@/lib/contracts/user';
import { useMe } from '@/lib/api-client/me';
import { useCountries } from '@/lib/api-client/countries';
import { Button } from '@/components/ui/button';
import { ProfileForm } from './profile-form';

/** My Profile tab: the profile, and an Edit button that swaps in the form (SPEC.md "isEditButtonClicked"). */
export function ProfilePanel({ initialUser }: { initialUser: User }) {
  // null would mean the session ended while the page was open: keep showing what the server sent.
  const { data } = useMe();
  const user = data ?? initialUser;
  const [editing, setEditing] = useState(false);
  const [returned, setReturned] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const t = useTranslations('account.profile');

  useEffect(() => {
    // Back from the form: put keyboard focus where the person left off.
    if (returned && !editing) editButton.current?.focus();
  }, [returned, editing]);

  if (editing) {
    return (
      <ProfileForm
        user={user}
        onDone={() => {
          setEditing(false);
          setReturned(true);
        }}
      />
    );
  }
  return (
    <div>
      <ProfileView user={user} />
      <Button ref={editButton} variant="secondary" className="mt-6" onClick={() => setEditing(true)}>
        {t('edit')}
      </Button>
    </div>
  );
}

function ProfileView({ user }: { user: User }) {
  const t = useTranslations('account.profile');
  const tf = useTranslations('fields');
  const format = useFormatter();
  const locale = useLocale();
  const countries = useCountries(locale);
  const countryName = (code: string) => countries.find((c) => c.code === code)?.name ?? code;
  const dialCode = countries.find((c) => c.code === user.phoneCountry)?.dialCode;
  const birth = new Date(`${user.dateOfBirth}T00:00:00Z`);
  const rows: [string, string][] = [
    [t('name'), `${user.firstName} ${user.lastName}`],
    [t('email'), user.email],
    [t('phone'), dialCode ? `+${dialCode} ${user.phoneNumber}` : user.phoneNumber],
    [t('gender'), tf(`genders.${user.gender}`)],
    [
      t('dateOfBirth'),
      Number.isNaN(birth.getTime()) ? user.dateOfBirth : format.dateTime(birth, { dateStyle: 'long', timeZone: 'UTC' }),
    ],
    [t('address'), [user.streetAddress, user.suite, user.city, `${user.state} ${user.zip}`].filter(Boolean).join(', ')],
    [t('country'), countryName(user.country)],
  ];
  return (
    <dl className="divide-y divide-slate-200">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-1 py-3 sm:grid-cols-[12rem_1fr]">
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
