import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '@/lib/config/server-env';
import { shellLinks } from '@/lib/config/shell-links';
import { SupportContactsProvider } from '@/components/shell/support-contacts';
import en from '@/messages/en.json';
import { ChatMessage } from './chat-message';

/** The support contacts the server is configured with reach what the patient reads (issue 14). */
function render(env: Record<string, string>): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale="en" timeZone="UTC" messages={en}>
      <SupportContactsProvider value={shellLinks(parseServerEnv(env)).support}>
        <ChatMessage message={{ role: 'assistant', text: 'You can reach support here.', attachments: ['supportContacts'] }} />
      </SupportContactsProvider>
    </NextIntlClientProvider>,
  );
}

describe('support contacts from the configuration', () => {
  it('shows the configured email and phone, with their links', () => {
    const html = render({ SUPPORT_EMAIL: 'care@clinic.example', SUPPORT_PHONE: '+1 512 555 0142' });
    expect(html).toContain('href="mailto:care@clinic.example"');
    expect(html).toContain('>care@clinic.example</a>');
    expect(html).toContain('href="tel:+15125550142"');
    expect(html).toContain('>+1 (512) 555-0142</a>');
  });

  it('shows the defaults when nothing is configured', () => {
    const html = render({});
    expect(html).toContain('>support@dental-booking.example</a>');
    expect(html).toContain('>+1 (800) 555-0199</a>');
  });
});
