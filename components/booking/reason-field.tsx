'use client';

import { useId, useState } from 'react';
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import type { NamedRef } from '@/lib/contracts/discovery';
import { visitReasonsQueryOptions } from '@/lib/api-client/booking';
import { ChevronDownIcon } from '@/components/ui/icons';
import { FieldError, controlClass, labelClass } from '@/components/ui/field-help';

/** Case and accent blind: "endodoncia" finds "Endodóncia", "root" finds "Root canal". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/**
 * Reason to visit (SPEC.md section 3: about 45 conditions and procedures) as a searchable
 * combobox (Headless UI): type to narrow the list, arrows and Enter to choose.
 */
export function ReasonField({
  value,
  onChange,
  error,
}: {
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  error?: string;
}) {
  const t = useTranslations('booking.reason');
  const locale = useLocale();
  const reasons = useQuery(visitReasonsQueryOptions(locale));
  const id = useId();
  const [text, setText] = useState('');
  const list = reasons.data ?? [];
  const selected = list.find((r) => r.id === value) ?? null;
  const needle = fold(text.trim());
  const options = needle ? list.filter((r) => fold(r.name).includes(needle)) : list;
  const errorId = error ? `${id}-error` : undefined;
  const hintId = `${id}-hint`;

  return (
    <div>
      <label id={`${id}-label`} htmlFor={`${id}-input`} className={labelClass}>
        {t('label')}
      </label>
      <Combobox<NamedRef | null>
        value={selected}
        by={(a, b) => a?.id === b?.id}
        onChange={(reason) => {
          onChange(reason?.id);
          setText('');
        }}
        onClose={() => setText('')}
      >
        <div className="relative">
          <ComboboxInput
            id={`${id}-input`}
            name="visitReasonId"
            data-focus="visitReasonId"
            autoComplete="off"
            aria-required
            aria-invalid={error ? true : undefined}
            aria-describedby={[hintId, errorId].filter(Boolean).join(' ')}
            placeholder={t('placeholder')}
            displayValue={(reason: NamedRef | null) => reason?.name ?? ''}
            onChange={(event) => setText(event.target.value)}
            className={`${controlClass} pr-11`}
          />
          <ComboboxButton
            aria-label={t('showAll')}
            className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center text-slate-700"
          >
            <ChevronDownIcon className="size-5" />
          </ComboboxButton>
          <ComboboxOptions
            // Under the field by CSS rather than anchored: an anchored list moves into a portal at
            // the end of <body>, outside the page's landmarks (as components/search/care-search.tsx).
            modal={false}
            aria-label={t('label')}
            className="absolute left-0 top-full z-30 mt-1 max-h-[200px] w-full overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg empty:invisible"
          >
            {options.map((reason) => (
              <ComboboxOption
                key={reason.id}
                value={reason}
                className="cursor-pointer px-3 py-2 text-slate-900 data-focus:bg-brand-50 data-selected:font-semibold"
              >
                {reason.name}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </div>
      </Combobox>
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        {reasons.isError ? t('failed') : t('hint')}
      </p>
      <p role="status" className="sr-only">
        {needle ? t('matches', { count: options.length }) : ''}
      </p>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
