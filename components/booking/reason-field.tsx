'use client';

import { useId, useState } from 'react';
import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Field,
  Label,
} from '@headlessui/react';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import type { NamedRef } from '@/lib/contracts/discovery';
import { visitReasonsQueryOptions } from '@/lib/api-client/booking';
import { ChevronDownIcon } from '@/components/ui/icons';
import { FieldError, controlClass, labelClass } from '@/components/ui/field-help';

/** Case and accent blind: "endodoncia" finds "Endodóncia", "root" finds "Root canal". */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
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

  return (
    // Headless UI's own Field, Label and Description: its input writes aria-labelledby and
    // aria-describedby from them and would drop ids passed by hand. The combobox is a browser-only
    // widget anyway, so the links made after hydration lose nothing (lib/docs/decisions/forms.md).
    <Field>
      <Label className={labelClass}>{t('label')}</Label>
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
            name="visitReasonId"
            data-booking-field="visitReasonId"
            autoComplete="off"
            aria-required
            aria-invalid={error ? true : undefined}
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
      <Description className="mt-1 text-sm text-slate-600">{reasons.isError ? t('failed') : t('hint')}</Description>
      {error ? (
        <Description as="div">
          <FieldError id={`${id}-error`}>{error}</FieldError>
        </Description>
      ) : null}
      <p role="status" className="sr-only">
        {needle ? t('matches', { count: options.length }) : ''}
      </p>
    </Field>
  );
}
