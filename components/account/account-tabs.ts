/**
 * Account tabs, chosen by the `tab` query parameter (SPEC.md section 2 "Account area"), in the
 * spec's order and with its numbers. `label` is a key under `account.tabs`.
 */
export const ACCOUNT_TABS = [
  { key: 'my-profile', number: 1, label: 'myProfile' },
  { key: 'insurance', number: 2, label: 'insurance' },
  { key: 'my-family', number: 3, label: 'myFamily' },
  { key: 'my-reviews', number: 4, label: 'myReviews' },
  { key: 'change-password', number: 5, label: 'changePassword' },
  { key: 'support', number: 6, label: 'support' },
] as const;

export type AccountTab = (typeof ACCOUNT_TABS)[number];
export type AccountTabKey = AccountTab['key'];

/** An unknown or missing `tab` shows the first tab, as the spec's default tab index 0 does. */
export function accountTabFromQuery(value: string | undefined): AccountTab {
  return ACCOUNT_TABS.find((t) => t.key === value) ?? ACCOUNT_TABS[0];
}
