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

export function pickMessages<M extends Record<string, unknown>>(
  messages: M,
  namespaces: readonly string[],
): Partial<M> {
  return Object.fromEntries(namespaces.filter((n) => n in messages).map((n) => [n, messages[n]])) as Partial<M>;
}
