import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it, vi } from 'vitest';
import { Link, leftToBrowser, type LinkClick } from './intent-link';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), prefetch: vi.fn() }) }));

function render(locale: 'en' | 'es', link: React.ReactElement): string {
  return renderToStaticMarkup(
    <NextIntlClientProvider locale={locale} messages={{}}>
      {link}
    </NextIntlClientProvider>,
  );
}

const plain: LinkClick = { defaultPrevented: false, button: 0, metaKey: false, ctrlKey: false, shiftKey: false, altKey: false, target: null, download: false };

describe('Link', () => {
  it("adds the locale's prefix to the site's own paths, and leaves other URLs alone", () => {
    expect(render('en', <Link href="/login">x</Link>)).toBe('<a href="/login">x</a>');
    expect(render('es', <Link href="/login">x</Link>)).toBe('<a href="/es/login">x</a>');
    expect(render('es', <Link href="/">x</Link>)).toBe('<a href="/es">x</a>');
    expect(render('es', <Link href={{ pathname: '/all-appointments', query: { tab: 'past' } }}>x</Link>)).toBe(
      '<a href="/es/all-appointments?tab=past">x</a>',
    );
    expect(render('es', <Link href="https://example.com/a">x</Link>)).toBe('<a href="https://example.com/a">x</a>');
    expect(render('es', <Link href="mailto:care@example.com">x</Link>)).toBe('<a href="mailto:care@example.com">x</a>');
  });

  it('links to another language at its own path, saying which language it is', () => {
    expect(render('en', <Link href="/chat" locale="es">x</Link>)).toBe('<a href="/es/chat" hrefLang="es">x</a>');
    expect(render('es', <Link href="/chat" locale="en">x</Link>)).toBe('<a href="/chat" hrefLang="en">x</a>');
  });

  it('follows a plain click in the page, and leaves new tabs, windows, downloads and frames to the browser', () => {
    expect(leftToBrowser(plain)).toBe(false);
    expect(leftToBrowser({ ...plain, target: '_self' })).toBe(false);
    expect(leftToBrowser({ ...plain, metaKey: true })).toBe(true);
    expect(leftToBrowser({ ...plain, ctrlKey: true })).toBe(true);
    expect(leftToBrowser({ ...plain, shiftKey: true })).toBe(true);
    expect(leftToBrowser({ ...plain, altKey: true })).toBe(true);
    expect(leftToBrowser({ ...plain, button: 1 })).toBe(true);
    expect(leftToBrowser({ ...plain, target: '_blank' })).toBe(true);
    expect(leftToBrowser({ ...plain, download: true })).toBe(true);
    expect(leftToBrowser({ ...plain, defaultPrevented: true })).toBe(true);
  });
});
