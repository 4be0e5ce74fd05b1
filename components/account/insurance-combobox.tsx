'use client';

import { useId, useState } from 'react';
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useTranslations } from 'next-intl';
import { ChevronDownIcon } from '@/components/ui/icons';
import { FieldError, controlClass, labelClass } from '@/components/ui/field-help';

/** Case and accent blind, as the booking form's reason field. */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** At most this many options are drawn at once: the catalogue has 500+ plans; typing narrows it. */
const MAX_SHOWN = 100;

export interface ComboOption {
  id: number;
  name: string;
}

/** A searchable choice from the insurance catalogue (Headless UI combobox: type, arrows, Enter). */
export function InsuranceCombobox({
  label,
  options,
  value,
  onChange,
  error,
  disabled,
  name,
}: {
  label: string;
  options: ComboOption[];
  value: number | undefined;
  onChange: (id: number | undefined) => void;
  error?: string;
  disabled?: boolean;
  name: string;
}) {
  const t = useTranslations('insurance');
  const id = useId();
  const [text, setText] = useState('');
  const selected = options.find((o) => o.id === value) ?? null;
  const needle = fold(text.trim());
  const matches = needle ? options.filter((o) => fold(o.name).includes(needle)) : options;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div>
      <label htmlFor={`${id}-input`} className={labelClass}>
        {label}
      </label>
      <Combobox<ComboOption | null>
        value={selected}
        by={(a, b) => a?.id === b?.id}
        disabled={disabled}
        onChange={(option) => {
          onChange(option?.id);
          setText('');
        }}
        onClose={() => setText('')}
      >
        <div className="relative">
          <ComboboxInput
            id={`${id}-input`}
            name={name}
            autoComplete="off"
            aria-required
            aria-invalid={error ? true : undefined}
            aria-describedby={errorId}
            placeholder={disabled ? t('chooseCarrierFirst') : t('searchPlaceholder')}
            displayValue={(option: ComboOption | null) => option?.name ?? ''}
            onChange={(event) => setText(event.target.value)}
            className={`${controlClass} pr-11 disabled:bg-slate-100`}
          />
          <ComboboxButton
            aria-label={label}
            className="absolute inset-y-0 right-0 inline-flex w-11 items-center justify-center text-slate-700"
          >
            <ChevronDownIcon className="size-5" />
          </ComboboxButton>
          <ComboboxOptions
            modal={false}
            aria-label={label}
            className="absolute left-0 top-full z-30 mt-1 max-h-[200px] w-full overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg empty:invisible"
          >
            {matches.slice(0, MAX_SHOWN).map((option) => (
              <ComboboxOption
                key={option.id}
                value={option}
                className="cursor-pointer px-3 py-2 text-slate-900 data-focus:bg-brand-50 data-selected:font-semibold"
              >
                {option.name}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        </div>
      </Combobox>
      <p role="status" className="sr-only">
        {needle && !matches.length ? t('noMatches') : ''}
      </p>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
