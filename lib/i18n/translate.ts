import en from '../../messages/en.json';
import es from '../../messages/es.json';
import { localeFromLanguageKey, type Locale } from './languages';

const catalogues: Record<Locale, unknown> = { en, es };

/** Looks up a dotted message key (e.g. `api.emailTaken`) and fills `{name}` placeholders. */
export function translate(locale: Locale, key: string, values: Record<string, string | number> = {}): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], catalogues[locale]);
  const template = typeof found === 'string' ? found : key;
  return template.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}

export function localeOfRequest(request: Request): Locale {
  return localeFromLanguageKey(request.headers.get('language'));
}
