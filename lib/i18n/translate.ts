import { createTranslator } from 'use-intl/core';
import en from '../../messages/en.json';
import es from '../../messages/es.json';
import { localeFromLanguageKey, type Locale } from './languages';
import type { MessageKey } from './message-keys';

/*
 * Inside the Next build the catalogues arrive precompiled (next.config.mjs, next-intl's
 * `experimental.messages.precompile`): a message with arguments is then an array such as
 * ["Hello ", ["name"]], not a string. use-intl's translator formats both forms (under Next it is
 * the format-only build), so the API's messages and emails read the catalogues the pages read.
 */
const catalogues: Record<Locale, unknown> = { en, es };

type Values = Record<string, string | number>;
type Translate = (key: string, values?: Values) => string;

let failed = false;
const translators = Object.fromEntries(
  (['en', 'es'] as const).map((locale) => [
    locale,
    createTranslator({
      locale,
      messages: catalogues[locale] as Record<string, unknown>,
      onError: () => {
        failed = true;
      },
    }) as unknown as Translate,
  ]),
) as Record<Locale, Translate>;

/** A message whose arguments were not all given: the given ones filled, the others left as `{name}`. */
function fillPlain(message: unknown, values: Values): string | undefined {
  const arg = (name: string) => String(values[name] ?? `{${name}}`);
  if (typeof message === 'string') return message.replace(/\{(\w+)\}/g, (_, name: string) => arg(name));
  if (!Array.isArray(message)) return undefined;
  return message
    .map((part) =>
      typeof part === 'string' ? part : Array.isArray(part) && typeof part[0] === 'string' ? arg(part[0]) : '',
    )
    .join('');
}

/** Looks up a dotted message key (e.g. `api.emailTaken`) and formats it (ICU arguments and plurals). */
export function translate(locale: Locale, key: MessageKey, values: Values = {}): string {
  failed = false;
  const text = translators[locale](key, values);
  if (!failed) return text;
  const found = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogues[locale]);
  return fillPlain(found, values) ?? key;
}

export function localeOfRequest(request: Request): Locale {
  return localeFromLanguageKey(request.headers.get('language'));
}
