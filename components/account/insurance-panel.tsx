'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { InsuredPerson } from '@/lib/contracts/insurance';
import { useInsurance } from '@/lib/api-client/insurance';
import { Button } from '@/components/ui/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Spinner } from '@/components/ui/spinner';
import { InsuranceForm } from './insurance-form';

const personKey = (p: InsuredPerson) => `${p.isFamilyMember ? 'member' : 'self'}:${p.appUserId}`;

/** Insurance tab: the patient and each family member, each with their saved insurance or none. */
export function InsurancePanel() {
  const t = useTranslations('insurance');
  const tf = useTranslations('fields');
  const insurance = useInsurance();
  const [editing, setEditing] = useState<string | null>(null);

  if (insurance.isPending) return <Spinner />;
  if (insurance.isError) {
    return (
      <div className="space-y-3">
        <FormAlert>{t('fetchFailed')}</FormAlert>
        <Button variant="secondary" onClick={() => void insurance.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  }
  return (
    <div>
      <p className="text-slate-700">{t('intro')}</p>
      <ul className="mt-4 space-y-4">
        {insurance.data.map((person) => {
          const key = personKey(person);
          const name = `${person.firstName} ${person.lastName}`;
          const headingId = `insurance-${key.replace(':', '-')}`;
          const open = editing === key;
          const saved = person.insurance;
          return (
            <li key={key} aria-labelledby={headingId} className="rounded-xl p-4 ring-1 ring-slate-200">
              <h3 id={headingId} className="text-lg font-semibold text-slate-900">
                {name}
                {person.isFamilyMember ? null : <span className="font-normal text-slate-700"> ({t('you')})</span>}
              </h3>
              <p className="text-sm text-slate-700">
                {person.relationship
                  ? `${t('relationship', { relationship: t(`relationships.${person.relationship}`) })} · `
                  : ''}
                {t('gender', { gender: tf(`genders.${person.gender}`) })}
              </p>
              {saved ? (
                <p className="mt-2 text-slate-900">
                  {t('summary', { carrier: saved.carrierName, plan: saved.planName, memberId: saved.memberId })}
                </p>
              ) : (
                <p className="mt-2 text-slate-700">{t('none')}</p>
              )}
              {saved && (!saved.frontImageId || !saved.backImageId) ? <FormAlert>{t('imageMissing')}</FormAlert> : null}
              {open ? (
                <InsuranceForm person={person} onDone={() => setEditing(null)} />
              ) : (
                <Button variant="secondary" className="mt-3" onClick={() => setEditing(key)}>
                  {saved ? t('edit', { name }) : t('add', { name })}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
