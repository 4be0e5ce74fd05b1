import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import en from '../../../messages/en.json';
import es from '../../../messages/es.json';
import { queryRows } from '../../db/raw';
import { useTestDatabase } from '../../testing/test-db';
import { signUpAndLogin, v4 } from '../../testing/v4';
import { SUPPORT_LIMIT } from './support-service';

/* PUT /v4/supportEmail: one email to the support address, an acknowledgement to the patient. */

const database = useTestDatabase();

const mailsTo = (address: string) =>
  queryRows<{ subject: string; text_body: string }>(
    database.db,
    sql`select subject, text_body from outbox_emails where to_address = ${address} order by id`,
  );

describe('PUT /v4/supportEmail', () => {
  it('queues the request to the support address and an acknowledgement in the patient language', async () => {
    const { token, email } = await signUpAndLogin();
    const before = (await mailsTo('support@dental-booking.example')).length;
    const reply = await v4('PUT', '/v4/supportEmail', {
      token,
      language: 'sp',
      body: { subject: '  No puedo pagar ', message: 'La tarjeta se rechaza al pagar.' },
    });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ message: es.support.api.sent });

    const staff = (await mailsTo('support@dental-booking.example')).slice(before);
    expect(staff).toHaveLength(1);
    expect(staff[0]!.subject).toBe('[Support] No puedo pagar');
    expect(staff[0]!.text_body).toContain(email.toLowerCase());
    expect(staff[0]!.text_body).toContain('La tarjeta se rechaza al pagar.');
    const ack = await mailsTo(email.toLowerCase());
    expect(ack.map((m) => m.subject)).toContain('Recibimos su solicitud de soporte: No puedo pagar');
  });

  it('answers bad input with 400 and the fields, sending nothing', async () => {
    const { token, email } = await signUpAndLogin();
    const cases: [unknown, string, string][] = [
      [{ subject: '', message: 'Hello' }, 'subject', en.validation.required],
      [{ subject: '   ', message: 'Hello' }, 'subject', en.validation.required],
      [{ subject: 'Hi', message: '' }, 'message', en.validation.required],
      [{ subject: 'Hi' }, 'message', en.validation.required],
      [{ subject: 'x'.repeat(121), message: 'Hello' }, 'subject', 'Please use at most 120 characters.'],
      [{ subject: 'Hi', message: 'x'.repeat(2001) }, 'message', 'Please use at most 2,000 characters.'],
      [{ subject: 'Hi', message: 'Hello', to: 'someone@example.com' }, 'to', en.validation.invalid],
      [{ subject: 42, message: 'Hello' }, 'subject', en.validation.required],
    ];
    for (const [body, path] of cases) {
      const reply = await v4('PUT', '/v4/supportEmail', { token, body });
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.errorCode).toBe('badRequest');
      expect(
        reply.body.fields.map((f: { path: string }) => f.path),
        JSON.stringify(body),
      ).toContain(path);
    }
    expect(
      (await v4('PUT', '/v4/supportEmail', { token, rawBody: '{"subject":', contentType: 'application/json' })).status,
    ).toBe(400);
    expect(await mailsTo(email.toLowerCase())).toHaveLength(1); // the welcome email only
  });

  it('asks for a session', async () => {
    expect((await v4('PUT', '/v4/supportEmail', { body: { subject: 'Hi', message: 'Hello' } })).status).toBe(401);
  });

  it('limits requests per account (429 with Retry-After), not per patient across accounts', async () => {
    const { token } = await signUpAndLogin();
    const other = await signUpAndLogin();
    const body = { subject: 'Hi', message: 'Hello' };
    for (let i = 0; i < SUPPORT_LIMIT.points; i += 1) {
      expect((await v4('PUT', '/v4/supportEmail', { token, body })).status).toBe(200);
    }
    const refused = await v4('PUT', '/v4/supportEmail', { token, body });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ errorCode: 'tooManyAttempts', message: en.support.api.tooMany });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await v4('PUT', '/v4/supportEmail', { token: other.token, body })).status).toBe(200);
  });
});
