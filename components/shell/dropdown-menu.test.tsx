import { Menu, MenuItems } from '@headlessui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '@/lib/config/server-env';
import { shellLinks } from '@/lib/config/shell-links';
import en from '@/messages/en.json';
import { MenuEntryItem } from './dropdown-menu';
import { HELP_MENU } from './menu-items';
import { SupportContactsProvider } from './support-contacts';

/** The help menu's items as the header shows them open, with the support contacts of `env` (the contact action). */
function helpMenu(env: Record<string, string>): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale="en" timeZone="UTC" messages={en}>
      <SupportContactsProvider value={shellLinks(parseServerEnv(env)).support}>
        <Menu>
          <MenuItems static>
            {HELP_MENU.map((item) => (
              <MenuEntryItem key={item.id} item={item} onAction={() => {}} />
            ))}
          </MenuItems>
        </Menu>
      </SupportContactsProvider>
    </NextIntlClientProvider>,
  );
}

describe('the contact action', () => {
  it('opens the contact dialog by default (a button)', () => {
    const html = helpMenu({});
    expect(html).toMatch(/<button type="button"[^>]* role="menuitem"[^>]*>.*Contact/);
    expect(html).not.toContain('<a ');
  });

  it('leads to a configured https page in a new tab', () => {
    const html = helpMenu({ CONTACT_URL: 'https://help.example.com/contact' });
    expect(html).toMatch(
      /<a href="https:\/\/help\.example\.com\/contact" target="_blank" rel="noopener"[^>]* role="menuitem"[^>]*>.*Contact/,
    );
  });

  it('opens a configured mailto: address in place', () => {
    const html = helpMenu({ CONTACT_URL: 'mailto:care@example.com' });
    expect(html).toMatch(/<a href="mailto:care@example\.com"[^>]* role="menuitem"/);
    expect(html).not.toContain('target=');
  });
});
