'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import type { GeoPlace, LatLng, PlaceSuggestion } from '@/lib/contracts/geo';
import { GEO_QUERY_MAX_LENGTH } from '@/lib/contracts/geo-limits';
import { placeQueryOptions, placeSuggestionsQueryOptions } from '@/lib/api-client/geo';
import { isLocale, type Locale } from '@/lib/i18n/languages';
import { FieldError, FieldHint, controlClass, fieldA11y, labelClass } from '@/components/ui/field-help';
import { useDebounced } from '@/components/ui/use-debounced';
import { useOptionalLocation } from './location-provider';

/** SPEC.md section 9 constant "300": typing settles before the maps service is asked. */
const DEBOUNCE_MS = 300;
/** One letter matches a tenth of the world's towns: nothing useful to rank. */
const MIN_QUERY_LENGTH = 2;

export interface LocationSearchProps {
  /** A chosen suggestion, geocoded (only an OK answer arrives here). */
  onSelect: (place: GeoPlace) => void;
  /** Visible label; "Your location" by default. */
  label?: ReactNode;
  placeholder?: string;
  hint?: ReactNode;
  /** Already translated. */
  error?: string;
  /** SPEC.md section 5: the location input may be flagged required. */
  isRequire?: boolean;
  /** Keep typed text that matches no suggestion (an address typed by hand) when focus leaves. */
  allowManualAddress?: boolean;
  /** The typed text, for forms that accept a manual address. */
  onTextChange?: (text: string) => void;
  /** Bias suggestions towards this point; defaults to the wrapper's location when there is one. */
  near?: LatLng;
  /** Inside a dialog the tray is at most 20% of the viewport high (SPEC.md section 9). */
  inModal?: boolean;
  autoFocus?: boolean;
  className?: string;
  /** The input's name, for a form that hands over what was typed in its plain version (care-search-block.tsx). */
  name?: string;
  /** Text already typed (in the plain form this one replaced). */
  defaultText?: string;
  /** Open the suggestions when the box gets focus: they were asked for before it existed (`defaultText`). */
  openOnFocus?: boolean;
}

/**
 * The location search box (SPEC.md section 4) as an accessible combobox: typing asks for
 * suggestions in the page's language; they show only when there are some; choosing one
 * geocodes it, hands the place over, clears the text and closes the tray; leaving the box
 * closes the tray and clears the suggestions, and the text too unless a manual address is
 * allowed. A single-line input, although section 9 gives the original field two rows: the
 * ARIA combobox pattern (and Headless UI's ComboboxInput) is built on an input element.
 */
export function LocationSearch({
  onSelect,
  label,
  placeholder,
  hint,
  error,
  isRequire,
  allowManualAddress = false,
  onTextChange,
  near,
  inModal = false,
  autoFocus,
  className,
  name,
  defaultText = '',
  openOnFocus = false,
}: LocationSearchProps) {
  const t = useTranslations('location');
  const rawLocale = useLocale();
  const locale: Locale = isLocale(rawLocale) ? rawLocale : 'en';
  const queryClient = useQueryClient();
  const wrapper = useOptionalLocation();
  const bias = near ?? wrapper?.coords ?? undefined;

  const id = useId();
  const labelId = `${id}-label`;
  const { hintId, errorId, controlProps } = fieldA11y(id, { hint, error });

  const [text, setText] = useState(defaultText);
  const [suggestions, setSuggestions] = useState<PlaceSuggestion[]>([]);
  const debounced = useDebounced(text.trim(), DEBOUNCE_MS);
  // Bumped whenever suggestions are dismissed, so an answer still on its way is dropped.
  const generation = useRef(0);

  const biasLat = bias ? Math.round(bias.lat * 10) / 10 : undefined;
  const biasLng = bias ? Math.round(bias.lng * 10) / 10 : undefined;
  useEffect(() => {
    if (debounced.length < MIN_QUERY_LENGTH) {
      setSuggestions([]);
      return;
    }
    const asked = generation.current;
    let current = true;
    const nearPoint = biasLat !== undefined && biasLng !== undefined ? { lat: biasLat, lng: biasLng } : undefined;
    queryClient
      .fetchQuery(placeSuggestionsQueryOptions(locale, debounced, nearPoint))
      .then((answer) => {
        if (!current || asked !== generation.current) return;
        setSuggestions(answer.status === 'OK' ? answer.predictions : []);
      })
      .catch((failure: unknown) => {
        if (!current) return;
        // The browser's console: SPEC.md section 8 has geocoding errors only logged, and the
        // server's logger never ships to the browser.
        // eslint-disable-next-line no-console
        console.warn('[location] autocomplete failed', failure);
        setSuggestions([]);
      });
    return () => {
      current = false;
    };
  }, [debounced, locale, biasLat, biasLng, queryClient]);

  const updateText = (next: string) => {
    setText(next);
    onTextChange?.(next);
  };

  const dismiss = (clearText: boolean) => {
    generation.current += 1;
    setSuggestions([]);
    if (clearText) updateText('');
  };

  const choose = async (suggestion: PlaceSuggestion | null) => {
    if (!suggestion) return;
    try {
      const answer = await queryClient.fetchQuery(placeQueryOptions(locale, suggestion.id));
      // SPEC.md section 4: a geocoding answer other than OK is ignored.
      if (answer.status !== 'OK' || !answer.place) return;
      dismiss(true);
      onSelect(answer.place);
    } catch (failure) {
      // Only logged (SPEC.md section 8), in the browser's console.
      // eslint-disable-next-line no-console
      console.warn('[location] geocoding failed', failure);
    }
  };

  return (
    <div className={className}>
      <label id={labelId} htmlFor={id} className={labelClass}>
        {label ?? t('searchLabel')}
      </label>
      <Combobox<PlaceSuggestion | null> value={null} onChange={(s) => void choose(s)} immediate={openOnFocus}>
        <ComboboxInput
          id={id}
          name={name}
          autoFocus={autoFocus}
          data-autofocus={autoFocus ? '' : undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={GEO_QUERY_MAX_LENGTH}
          placeholder={placeholder ?? t('searchPlaceholder')}
          aria-required={isRequire || undefined}
          {...controlProps}
          displayValue={() => text}
          onChange={(event) => updateText(event.target.value)}
          onBlur={() => dismiss(!allowManualAddress)}
          className={controlClass}
        />
        {suggestions.length > 0 ? (
          <ComboboxOptions
            anchor="bottom start"
            // Not modal: the page (or the dialog) around the box stays usable while the tray is
            // open, and a click there is the "click away" that closes it.
            modal={false}
            aria-labelledby={labelId}
            // Headless UI caps the anchored tray with --anchor-max-height (it would otherwise
            // fill the space left below the box): section 9's limits go there.
            className={`z-[60] w-(--input-width) overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg [--anchor-gap:4px] ${
              inModal ? '[--anchor-max-height:20vh]' : '[--anchor-max-height:206px]'
            }`}
          >
            {suggestions.map((suggestion) => (
              <ComboboxOption
                key={suggestion.id}
                value={suggestion}
                aria-label={suggestion.description}
                className="cursor-pointer px-3 py-2 text-slate-900 data-focus:bg-brand-50"
              >
                <span className="block font-medium">{suggestion.mainText}</span>
                {/* A space between the lines, so the visible text reads as words that the
                    option's name contains ("Austin TX, USA", not "AustinTX, USA"; WCAG 2.5.3). */}{' '}
                {suggestion.secondaryText ? (
                  <span className="block text-sm text-slate-700">{suggestion.secondaryText}</span>
                ) : null}
              </ComboboxOption>
            ))}
          </ComboboxOptions>
        ) : null}
      </Combobox>
      <FieldHint id={hintId}>{hint}</FieldHint>
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
