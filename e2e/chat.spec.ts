import { createPatient, expect, expectAccessibleAndValid, test } from './fixtures';
import { LANGUAGES, logInWithForm } from './auth-helpers';
import { answerDetails, escape, stepHeading } from './booking-helpers';

/**
 * The chat assistant (SPEC.md sections 1 and 2): reached from the header's chatbot
 * icon, it understands a request in English or Spanish, answers with nearby providers whose
 * times open the booking with that slot preselected, answers a common question from the
 * product's rules, and handles an empty and a nonsense message politely.
 */

/** The booking page with the chosen provider, office and slot (components/provider/page-urls.ts). */
const BOOKING_LINK =
  /^(\/es)?\/book-new-appointment\?provider=\d+&office=\d+&slot=\d{4}-\d{2}-\d{2}T\d{2}%3A\d{2}%3A\d{2}(\.\d{3})?Z(&reason=[a-z-]+)?$/;

for (const { locale, prefix, m } of LANGUAGES) {
  const t = m.chat;
  const request =
    locale === 'en' ? 'I need a dentist near Miami tomorrow' : 'Necesito un dentista cerca de Miami mañana';
  const question = locale === 'en' ? 'What is your refund policy?' : '¿Me devuelven el dinero si cancelo?';

  test(`${locale}: a visitor asks for care near a city tomorrow, gets providers whose times open the booking, and books one`, async ({
    page,
  }) => {
    await page.goto(`${prefix}/`);
    // The location wrapper first writes the position into the home page's URL; then the header's icon.
    await expect(page).toHaveURL(/lat=/);
    await page.getByRole('link', { name: m.shell.chatAssistant }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/chat$`));
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

    const log = page.getByRole('log', { name: t.logLabel });
    await expect(log).toContainText(t.welcome);
    const box = page.getByRole('textbox', { name: t.inputLabel });
    await box.fill(request);
    await box.press('Enter');

    // The answer lands in the log (role log is polite: screen readers hear it).
    await expect(log.getByText(request)).toBeVisible();
    const providers = log.getByRole('list', { name: t.providersLabel });
    await expect(providers).toBeVisible({ timeout: 30_000 });
    await expect(box).toBeFocused();
    await expect(box).toHaveValue('');

    const slotLinks = providers.getByRole('link');
    expect(await slotLinks.count()).toBeGreaterThan(0);
    // Tomorrow, in the browser's time zone (America/New_York, as Miami's offices).
    const tomorrow = await page.evaluate(() => {
      const now = new Date();
      const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
      return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    });
    const first = slotLinks.first();
    const href = (await first.getAttribute('href'))!;
    expect(href).toMatch(BOOKING_LINK);
    expect(href.startsWith(`${prefix}/book-new-appointment`)).toBe(true);
    const slot = new URL(href, 'http://x').searchParams.get('slot')!;
    const officeDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(slot));
    expect(officeDate).toBe(tomorrow);
    // The link's name says which time with whom, for people who cannot see the card.
    await expect(first).toHaveAccessibleName(
      new RegExp(`^${t.bookSlot} .+ ${t.bookSlotWith.replace('{name}', '.+')}$`),
    );
    await expectAccessibleAndValid(page);

    // The conversation is kept in the session: a reload shows it again.
    await page.reload();
    await expect(page.getByRole('log', { name: t.logLabel }).getByText(request)).toBeVisible();
    await expect(
      page.getByRole('log', { name: t.logLabel }).getByRole('list', { name: t.providersLabel }),
    ).toBeVisible();

    // The link itself is the booking page with this provider, office and slot preselected (the
    // booking page asks a logged-out visitor to log in first, then comes back to it).
    const again = page.getByRole('log', { name: t.logLabel }).getByRole('link').first();
    await expect(again).toHaveAttribute('href', href);

    // A patient books a suggested time: the link asks a logged-out visitor to log in, then comes
    // back to the booking with that time chosen (the two languages take different times).
    const b = m.booking;
    const patient = await createPatient(page.request);
    const times = page
      .getByRole('log', { name: t.logLabel })
      .getByRole('link', { name: new RegExp(`^${escape(t.bookSlot)} `) });
    const chosen = locale === 'en' ? times.first() : times.last();
    const chosenSlot = new URL((await chosen.getAttribute('href'))!, 'http://x').searchParams.get('slot');
    await chosen.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${prefix}/login`);
    await logInWithForm(page, m, patient.email, patient.password);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${prefix}/book-new-appointment`);
    expect(new URL(page.url()).searchParams.get('slot')).toBe(chosenSlot);
    await expect(stepHeading(page, m, 1, 2, b.steps.details)).toBeVisible();
    await answerDetails(page, m, { teledental: false });
    await page.getByRole('button', { name: b.continue }).click();
    await expect(stepHeading(page, m, 2, 2, b.steps.confirm)).toBeFocused();
    await page.getByRole('button', { name: b.confirmStep.book }).click();
    await expect(page.getByRole('heading', { level: 2, name: b.booked.title })).toBeFocused();
  });

  test(`${locale}: common questions, follow-up questions, empty and nonsense messages`, async ({ page }) => {
    await page.goto(`${prefix}/chat`);
    const log = page.getByRole('log', { name: t.logLabel });
    const box = page.getByRole('textbox', { name: t.inputLabel });
    const send = page.getByRole('button', { name: t.send, exact: true });

    // Empty: nothing is sent, and the visitor is told why, next to the box.
    await send.click();
    await expect(page.locator('#chat-message-problem')).toHaveText(t.empty);
    await expect(box).toBeFocused();

    await box.fill(question);
    await send.click();
    // The first answer of a fresh server may wait for the place and listing data to load.
    await expect(log.getByText(m.chat.faq.refund)).toBeVisible({ timeout: 30_000 });
    await expect(log).toContainText(locale === 'en' ? '24 hours' : '24 horas');

    await box.fill('asdkjh qwe zzz');
    await box.press('Enter');
    await expect(log.getByText(t.reply.notUnderstood)).toBeVisible();

    // Asked back for the place, then for the time, which a suggestion answers.
    await box.fill(locale === 'en' ? 'I need a teeth cleaning' : 'Necesito una limpieza dental');
    await box.press('Enter');
    await expect(log.getByText(locale === 'en' ? /where should I look\?/ : /¿dónde busco\?/)).toBeVisible();
    await box.fill('Houston');
    await box.press('Enter');
    const suggestions = page.getByRole('group', { name: t.suggestionsLabel });
    await expect(suggestions.getByRole('button', { name: t.suggest.soonest })).toBeVisible();
    await suggestions.getByRole('button', { name: t.suggest.soonest }).click();
    await expect(log.getByRole('list', { name: t.providersLabel }).first()).toBeVisible({ timeout: 20_000 });
    await expect(log.getByRole('list', { name: t.providersLabel }).first().getByRole('link').first()).toHaveAttribute(
      'href',
      BOOKING_LINK,
    );

    // Support contacts are shown as the contact dialog shows them.
    await box.fill(locale === 'en' ? 'How can I contact support?' : '¿Cómo contacto con soporte?');
    await box.press('Enter');
    await expect(log.getByRole('link', { name: 'support@dental-booking.example' })).toBeVisible();
    await expectAccessibleAndValid(page);

    // A new conversation starts empty.
    await page.getByRole('button', { name: t.newConversation }).click();
    await expect(log.getByText(question)).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('log', { name: t.logLabel }).getByText(question)).toHaveCount(0);
  });
}
