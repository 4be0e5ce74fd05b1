import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import es from '../../../messages/es.json';
import {
  MAX_ASSISTANT_MESSAGE_LENGTH,
  MAX_ASSISTANT_RESULTS,
  type AssistantConversation,
} from '../../contracts/assistant';
import { seedDiscovery } from '../../db/seed/discovery';
import { queryRows, useTestDatabase } from '../../testing/test-db';
import { randomIp, signUpAndLogin, v4 } from '../../testing/v4';
import { addDays, todayIn, weekdayOf } from '../adapters/assistant/time-window';
import { ASSISTANT_LIMIT } from './assistant-service';

/*
 * POST /v4/assistant/messages and GET /v4/assistant/conversations/{id} on PGlite and
 * PostgreSQL, with the embedded engine over a seeded discovery set: searches with the real
 * listing, questions asked back, common questions, bad input, privacy of conversations and
 * the per-address limit.
 */

const database = useTestDatabase();

beforeAll(async () => {
  await database.db.transaction(async (tx) => {
    await seedDiscovery(tx as unknown as typeof database.db, { providers: 150 });
  });
});

type Reply = {
  status: number;
  body: AssistantConversation & { errorCode?: string; message?: string; fields?: { path: string; message: string }[] };
};

async function say(
  text: string,
  options: { conversationId?: string; language?: string; token?: string; ip?: string } = {},
): Promise<Reply> {
  const reply = await v4('POST', '/v4/assistant/messages', {
    body: {
      text,
      timeZone: 'America/New_York',
      ...(options.conversationId ? { conversationId: options.conversationId } : {}),
    },
    language: options.language,
    token: options.token,
    ip: options.ip,
  });
  return reply as Reply;
}

const last = (reply: Reply) => reply.body.messages.at(-1)!;
const today = () => todayIn('America/New_York', new Date());

/** The next Monday to Sunday, in New York's calendar as the request's time zone reads "next week". */
function nextWeek(): { from: string; to: string } {
  const date = today();
  const monday = addDays(date, (1 - weekdayOf(date) + 7) % 7 || 7);
  return { from: monday, to: addDays(monday, 6) };
}

describe('the chat assistant', () => {
  it('finds providers for a request in one message, with slots in the window and part of the day', async () => {
    const reply = await say('I need a dentist in Miami next week in the afternoon');
    expect(reply.status).toBe(200);
    expect(reply.body.conversationId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reply.body.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(reply.body.messages[0]!.text).toBe('I need a dentist in Miami next week in the afternoon');
    const answer = last(reply);
    expect(answer.text).toContain('near Miami');
    expect(answer.text).toContain('in the afternoon');
    const providers = answer.providers ?? [];
    expect(providers.length).toBeGreaterThan(0);
    expect(providers.length).toBeLessThanOrEqual(MAX_ASSISTANT_RESULTS);
    const { from, to } = nextWeek();
    for (const provider of providers) {
      expect(provider.city).toMatch(/Miami|Coral Gables|Hialeah|Doral|Fort Lauderdale|Miami Beach|Kendall/);
      expect(provider.slots.length).toBeGreaterThan(0);
      for (const slot of provider.slots) {
        expect(slot.localDate >= from && slot.localDate <= to).toBe(true);
        expect(slot.localTime >= '12:00').toBe(true);
        expect(slot.start).toMatch(/Z$/);
      }
    }
    // The slot really is free: the provider's own slots list it.
    const first = providers[0]!;
    const slots = await v4(
      'GET',
      `/v4/providers/${first.providerId}/slots?officeId=${first.officeId}&from=${first.slots[0]!.localDate}&to=${first.slots[0]!.localDate}`,
    );
    const free = slots.body.days.flatMap((d: { morning: { start: string }[]; afternoon: { start: string }[] }) => [
      ...d.morning,
      ...d.afternoon,
    ]);
    expect(free.map((s: { start: string }) => s.start)).toContain(first.slots[0]!.start);
  });

  it("understands the issue's example in one message and says what it searched for", async () => {
    const reply = await say('I need a root canal near Austin tomorrow afternoon, I have Delta Dental');
    expect(reply.status).toBe(200);
    // The seed has no dentists near Austin: the search widens to 100 miles and says it found none.
    expect(last(reply).text).toMatch(
      /for root canal near Austin, TX, USA tomorrow in the afternoon in network with Delta Dental/,
    );
  });

  it('asks back for the place and the time, keeping what it understood', async () => {
    const first = await say('I need a root canal, I have Delta Dental');
    expect(last(first).text).toBe(
      en.chat.reply.askPlaceWith.replace('{summary}', 'for root canal in network with Delta Dental'),
    );
    const id = first.body.conversationId;

    const second = await say('miami', { conversationId: id });
    expect(second.body.conversationId).toBe(id);
    expect(last(second).text).toContain('near Miami');
    expect(last(second).text).toContain('when would you like to come in');
    expect(last(second).suggestions).toEqual([
      en.chat.suggest.tomorrow,
      en.chat.suggest.thisWeek,
      en.chat.suggest.soonest,
    ]);

    const third = await say(en.chat.suggest.soonest, { conversationId: id });
    expect(third.body.messages).toHaveLength(6);
    const answer = last(third);
    expect(answer.text).toMatch(
      /for root canal near Miami, FL, USA at the first free time in network with Delta Dental/,
    );
    // The search really filtered: every suggested provider takes Delta Dental and treats root canals.
    for (const provider of answer.providers ?? []) {
      const detail = await v4('GET', `/v4/providers/${provider.providerId}`);
      expect(JSON.stringify(detail.body.insurance ?? detail.body)).toContain('Delta Dental');
      // The reason goes with the slot links into the booking, as one the provider treats.
      expect(detail.body.visitReasons.map((r: { slug: string }) => r.slug)).toContain(provider.visitReason);
    }

    // A bare place later moves the same search there.
    const fourth = await say('houston', { conversationId: id });
    expect(last(fourth).text).toMatch(
      /for root canal near Houston, TX, USA at the first free time in network with Delta Dental/,
    );

    const stored = await v4('GET', `/v4/assistant/conversations/${id}`);
    expect(stored.status).toBe(200);
    expect(stored.body.messages).toEqual(fourth.body.messages);
    expect(stored.body.messages).toHaveLength(8);
  });

  it('understands Spanish and answers in Spanish, filtering by spoken language', async () => {
    const first = await say('dentista que hable español cerca de Miami', { language: 'sp' });
    expect(first.status).toBe(200);
    expect(last(first).text).toContain('que hablan español');
    expect(last(first).text).toContain('¿cuándo le gustaría venir?');
    const second = await say('lo antes posible', { conversationId: first.body.conversationId, language: 'sp' });
    const answer = last(second);
    expect(answer.text.startsWith('Estos son dentistas')).toBe(true);
    expect(answer.providers?.length).toBeGreaterThan(0);
    for (const provider of answer.providers ?? []) expect(provider.languages).toContain('Español');
  });

  it('answers common questions from the product rules, in both languages', async () => {
    expect(last(await say('What is your refund policy?')).text).toBe(en.chat.faq.refund);
    expect(last(await say('¿Cómo puedo reprogramar mi cita?', { language: 'sp' })).text).toBe(es.chat.faq.cancel);
    expect(last(await say('How does a teledental visit work?')).text).toBe(en.chat.faq.teledental);
    expect(last(await say('¿Aceptan seguro dental?', { language: 'sp' })).text).toBe(es.chat.faq.insurance);
    const support = last(await say('How can I contact support?'));
    expect(support.text).toBe(en.chat.faq.support);
    expect(support.attachments).toEqual(['supportContacts']);
    expect(en.chat.faq.refund).toContain('24 hours');
    expect(es.chat.faq.refund).toContain('24 horas');
  });

  it('answers nonsense politely and refuses empty or very long messages with a translated 400', async () => {
    const nonsense = await say('asdkjh qwe zzz');
    expect(nonsense.status).toBe(200);
    expect(last(nonsense).text).toBe(en.chat.reply.notUnderstood);
    expect(last(nonsense).suggestions?.length).toBeGreaterThan(0);

    for (const text of ['', '   \n ']) {
      const empty = await say(text, { language: 'sp' });
      expect(empty.status).toBe(400);
      expect(empty.body.errorCode).toBe('badRequest');
      expect(empty.body.message).toBe(es.api.badRequest);
      expect(empty.body.fields).toEqual([{ path: 'text', message: es.validation.required }]);
    }
    const long = await say('a'.repeat(MAX_ASSISTANT_MESSAGE_LENGTH + 1));
    expect(long.status).toBe(400);
    expect(long.body.fields).toEqual([{ path: 'text', message: 'Please use at most 500 characters.' }]);
    expect((await say('a'.repeat(MAX_ASSISTANT_MESSAGE_LENGTH))).status).toBe(200);

    const extra = await v4('POST', '/v4/assistant/messages', { body: { text: 'hi', admin: true } });
    expect(extra.status).toBe(400);
    const badZone = await v4('POST', '/v4/assistant/messages', {
      body: { text: 'hi', timeZone: 'Europe/Paris; drop' },
    });
    expect(badZone.status).toBe(400);
    // A zone of the right shape that nobody knows counts as UTC.
    expect(
      (await v4('POST', '/v4/assistant/messages', { body: { text: 'hi', timeZone: 'Mars/Olympus' } })).status,
    ).toBe(200);
    const badId = await v4('POST', '/v4/assistant/messages', { body: { text: 'hi', conversationId: '../x' } });
    expect(badId.status).toBe(400);
    const notJson = await v4('POST', '/v4/assistant/messages', { rawBody: '{', contentType: 'application/json' });
    expect(notJson.status).toBe(400);
  });

  it('keeps conversations private: ids are unguessable, stored hashed, and a patient’s is theirs alone', async () => {
    const unknown = await say('hello', { conversationId: 'A'.repeat(43) });
    expect(unknown.status).toBe(200);
    expect(unknown.body.conversationId).not.toBe('A'.repeat(43));
    expect(unknown.body.messages).toHaveLength(2);
    expect((await v4('GET', `/v4/assistant/conversations/${'A'.repeat(43)}`)).status).toBe(404);
    expect((await v4('GET', '/v4/assistant/conversations/short')).status).toBe(404);

    const rows = await queryRows<{ id_hash: string }>(database.db, sql`select id_hash from assistant_conversations`);
    expect(rows.map((r) => r.id_hash)).not.toContain(unknown.body.conversationId);

    const patient = await signUpAndLogin();
    const mine = await say('hello', { token: patient.token });
    const id = mine.body.conversationId;
    expect((await v4('GET', `/v4/assistant/conversations/${id}`, { token: patient.token })).status).toBe(200);
    expect((await v4('GET', `/v4/assistant/conversations/${id}`)).status).toBe(404);
    const other = await signUpAndLogin();
    expect((await v4('GET', `/v4/assistant/conversations/${id}`, { token: other.token })).status).toBe(404);
    // Someone else continuing it gets a conversation of their own instead.
    const hijack = await say('What is your refund policy?', { conversationId: id, token: other.token });
    expect(hijack.body.conversationId).not.toBe(id);
    expect((await v4('GET', `/v4/assistant/conversations/${id}`, { token: patient.token })).body.messages).toHaveLength(
      2,
    );

    expect((await say('hello', { token: 'not-a-live-token' })).status).toBe(401);
  });

  it('limits messages per address with 429 and Retry-After', async () => {
    const ip = randomIp();
    for (let i = 0; i < ASSISTANT_LIMIT.points; i += 1) expect((await say('thanks', { ip })).status).toBe(200);
    const refused = await v4('POST', '/v4/assistant/messages', { body: { text: 'thanks' }, ip, language: 'sp' });
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe('tooManyAttempts');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await say('thanks', { ip: randomIp() })).status).toBe(200);
  });
});
