import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import { parseServerEnv } from '@/lib/config/server-env';
import { shellLinks } from '@/lib/config/shell-links';
import { SupportContactsProvider } from '@/components/shell/support-contacts';
import en from '@/messages/en.json';
import { ChatMessage } from './chat-message';

/** The support contacts the server is configured with reach what the patient reads. */
function render(env: Record<string, string>): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale="en" timeZone="UTC" messages={en}>
      <SupportContactsProvider value={shellLinks(parseServerEnv(env)).support}>
        <ChatMessage
          message={{ role: 'assistant', text: 'You can reach support here.', attachments: ['supportContacts'] }}
        />
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

describe('suggested providers', () => {
  it('open the booking with the slot and the visit reason the patient named', () => {
    const html = renderToStaticMarkup(
      <NextIntlClientProvider locale="en" timeZone="UTC" messages={en}>
        <ChatMessage
          message={{
            role: 'assistant',
            text: 'Here are dentists for a cleaning.',
            providers: [
              {
                providerId: 7,
                officeId: 9,
                displayName: 'Dr. Ana Ruiz',
                specialty: null,
                officeName: 'Main office',
                city: 'Chicago',
                state: 'IL',
                distanceMiles: null,
                rating: { average: 0, count: 0 },
                teledentalAvailable: false,
                languages: [],
                slots: [
                  {
                    start: '2030-05-06T14:00:00.000Z',
                    localDate: '2030-05-06',
                    localTime: '09:00',
                    timeZone: 'America/Chicago',
                  },
                ],
                visitReason: 'cleaning',
              },
            ],
          }}
        />
      </NextIntlClientProvider>,
    );
    expect(html).toContain(
      'href="/book-new-appointment?provider=7&amp;office=9&amp;slot=2030-05-06T14%3A00%3A00.000Z&amp;reason=cleaning"',
    );
  });
});
