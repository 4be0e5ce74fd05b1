/**
 * Which message namespaces reach the browser. The root layout sends only what the shell's
 * client components use (header, menus, dialogs, toasts, the location dialog); a page whose
 * client components need more wraps them in <ClientMessages namespaces={[...]}>
 * (components/providers/client-messages.tsx). Sending the whole catalogue would put every
 * screen's texts, the legal pages included, into every page's HTML.
 */
export const SHELL_NAMESPACES = ['common', 'shell', 'menu', 'logout', 'offline', 'location'] as const;

/** Namespaces the form pages' client components use (fields, and the keys form-errors.ts translates). */
export const FORM_NAMESPACES = ['fields', 'errors', 'validation', 'api'] as const;

/** The heart's texts (components/favorites/favorite-toggle.tsx), not the whole favorites page's. */
export const FAVORITE_TOGGLE_MESSAGES = [
  'favorites.toggleLabel',
  'favorites.saved',
  'favorites.removed',
  'favorites.toggleFailed',
  'favorites.offline',
] as const;

/** The family-member fields' texts (components/family/family-member-fields.tsx), for the booking page. */
export const FAMILY_MEMBER_FIELD_MESSAGES = [
  'family.relationship',
  'family.selectRelationship',
  'family.selectGender',
  'family.relationships',
  'family.dateOfBirthHint',
] as const;

/**
 * The catalogue cut down to some namespaces (`'slots'`) or single messages (`'favorites.saved'`),
 * for NextIntlClientProvider: whatever it is given is written into the page's HTML.
 */
export function pickMessages<M extends Record<string, unknown>>(messages: M, paths: readonly string[]): Partial<M> {
  const picked: Record<string, unknown> = {};
  for (const path of paths) {
    const [namespace, ...rest] = path.split('.');
    if (!namespace || !(namespace in messages)) continue;
    if (rest.length === 0) {
      picked[namespace] = messages[namespace];
      continue;
    }
    let source: unknown = messages[namespace];
    let target = (picked[namespace] ??= {}) as Record<string, unknown>;
    for (const [index, key] of rest.entries()) {
      source = (source as Record<string, unknown> | undefined)?.[key];
      if (source === undefined) break;
      if (index === rest.length - 1) target[key] = source;
      else target = (target[key] ??= {}) as Record<string, unknown>;
    }
  }
  return picked as Partial<M>;
}
