import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isValidNpi } from '../../contracts/practice-requests';
import { countRows, queryRows, useTestDatabase } from '../../testing/test-db';
import { randomIp, uniqueEmail, v4 } from '../../testing/v4';
import { PRACTICE_ACK_LIMIT, PRACTICE_REQUEST_LIMIT } from './practice-requests-service';

/*
 * POST /v4/practiceRequests: a practice asks to be listed, logged out. Runs on PGlite
 * and, with TEST_DATABASE_URL, on PostgreSQL.
 */

const database = useTestDatabase();

/**
 * The textbook Luhn check over the whole 15-digit number (prefix 80840 and the NPI, check digit
 * last), written independently of the contract's isValidNpi so each checks the other.
 */
function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** A valid NPI no other test uses: nine random digits (starting 1 or 2, as issued NPIs do) and the check digit. */
function freshNpi(): string {
  const base = `${1 + crypto.randomInt(2)}${String(crypto.randomInt(100_000_000)).padStart(8, '0')}`;
  for (let check = 0; check <= 9; check += 1) if (luhnValid(`80840${base}${check}`)) return `${base}${check}`;
  throw new Error('unreachable');
}

let specialtyIds: number[] = [];
async function seededSpecialties(): Promise<number[]> {
  if (!specialtyIds.length) {
    const rows = await queryRows<{ id: number }>(database.db, sql`select id from specialties order by id limit 2`);
    specialtyIds = rows.map((r) => Number(r.id));
  }
  return specialtyIds;
}

async function validBody(overrides: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  return {
    practiceName: `Bright Smiles ${crypto.randomUUID().slice(0, 8)}`,
    phoneCountry: 'US',
    phoneNumber: '(212) 555-0123',
    website: 'www.brightsmiles.example',
    email: uniqueEmail('practice'),
    address: '700 Congress Ave, Austin, TX 78701, USA',
    suite: 'Suite 200',
    contactName: 'Dana Office',
    practiceType: 'group',
    providerFirstName: 'Maria',
    providerLastName: 'Lopez',
    mobileCountry: 'MX',
    mobileNumber: '5512345678',
    providerEmail: uniqueEmail('provider'),
    npi: freshNpi(),
    specialtyIds: await seededSpecialties(),
    previouslyProvider: false,
    ...overrides,
  };
}

const send = (body: unknown, options: { language?: string; ip?: string } = {}) =>
  v4('POST', '/v4/practiceRequests', { body, ...options });

async function mailTo(address: string, subjectLike = '%') {
  return queryRows<{ subject: string; text_body: string }>(
    database.db,
    sql`select subject, text_body from outbox_emails where to_address = ${address} and subject like ${subjectLike} order by id`,
  );
}

describe('the NPI check digit', () => {
  // Real NPIs: the CMS example and registered numbers from the NPPES registry.
  const valid = ['1234567893', '1003000126', '1245319599', '1679576722', '1497758544'];
  const invalid = [
    '1234567890',
    '1234567894',
    '1003000127',
    '1245319590',
    '0000000001',
    '123456789',
    '12345678931',
    '12345678a3',
  ];
  it.each(valid)('accepts %s', (npi) => {
    expect(isValidNpi(npi)).toBe(true);
    expect(luhnValid(`80840${npi}`)).toBe(true);
  });
  it.each(invalid)('refuses %s', (npi) => expect(isValidNpi(npi)).toBe(false));
});

describe('POST /v4/practiceRequests', () => {
  it('stores the request and queues the acknowledgement and the team notification, in English', async () => {
    const body = await validBody({ npi: '1234567893' });
    const reply = await send(body);
    expect(reply.status).toBe(201);
    expect(reply.body).toMatchObject({
      id: expect.any(String),
      message: expect.stringContaining('received your request'),
    });

    const [row] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select * from practice_requests where id = ${reply.body.id}`,
    );
    expect(row).toMatchObject({
      npi: '1234567893',
      phone_number: '2125550123',
      website: 'https://www.brightsmiles.example',
      practice_type: 'group',
      locale: 'en',
      previously_provider: false,
    });

    const ack = await mailTo(String(body.email));
    expect(ack).toHaveLength(1);
    expect(ack[0]!.subject).toBe('We received your request to list your practice');
    expect(ack[0]!.text_body).toContain('Dana Office');
    const team = await mailTo('practices@dental-booking.local', `%${String(body.practiceName)}%`);
    expect(team).toHaveLength(1);
    expect(team[0]!.subject).toBe(`New practice listing request: ${String(body.practiceName)}`);
    expect(team[0]!.text_body).toContain('NPI number: 1234567893');
    expect(team[0]!.text_body).toContain('Practice type: Group with multiple practitioners');
    expect(team[0]!.text_body).toContain('Mobile: +52 5512345678');
  });

  it('writes both emails in Spanish for a Spanish sender', async () => {
    const body = await validBody({ practiceType: 'university', previouslyProvider: true, website: '' });
    const reply = await send(body, { language: 'es' });
    expect(reply.status).toBe(201);
    expect(reply.body.message).toBe(
      '¡Gracias! Hemos recibido su solicitud y nos pondremos en contacto con usted pronto.',
    );
    const [ack] = await mailTo(String(body.email));
    expect(ack!.subject).toBe('Hemos recibido su solicitud para registrar su consultorio');
    const [team] = await mailTo('practices@dental-booking.local', `%${String(body.practiceName)}%`);
    expect(team!.subject).toContain('Nueva solicitud de registro de consultorio');
    expect(team!.text_body).toContain('Tipo de consultorio: Universidad');
    expect(team!.text_body).toContain('Ha sido proveedor antes: Sí');
    expect(team!.text_body).toContain('Sitio web: -');
  });

  it('tells the same practice (NPI) asking again within a day that its request is already in, and writes nothing', async () => {
    const npi = freshNpi();
    expect((await send(await validBody({ npi }))).status).toBe(201);
    const before = {
      rows: await countRows(database.db, 'practice_requests'),
      mail: await countRows(database.db, 'outbox_emails'),
    };
    const again = await send(await validBody({ npi }), { language: 'es' });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({
      errorCode: 'practiceRequestExists',
      message: expect.stringContaining('últimas 24 horas'),
    });
    expect(await countRows(database.db, 'practice_requests')).toBe(before.rows);
    expect(await countRows(database.db, 'outbox_emails')).toBe(before.mail);

    // Yesterday's request (over 24 hours ago, an earlier day) no longer blocks a new one.
    await database.db.execute(
      sql`update practice_requests set created_at = now() - interval '25 hours', request_day = current_date - 1 where npi = ${npi}`,
    );
    expect((await send(await validBody({ npi }))).status).toBe(201);
  });

  it('refuses a second row for the same NPI and day in the database itself, whatever the service checked', async () => {
    const body = await validBody();
    expect((await send(body)).status).toBe(201);
    await expect(
      database.db.execute(sql`insert into practice_requests (practice_name, phone_country, phone_number, email, address,
        contact_name, practice_type, provider_first_name, provider_last_name, mobile_country, mobile_number, provider_email,
        npi, specialty_ids, previously_provider, locale, request_day)
        select practice_name, phone_country, phone_number, email, address, contact_name, practice_type, provider_first_name,
        provider_last_name, mobile_country, mobile_number, provider_email, npi, specialty_ids, previously_provider, locale, request_day
        from practice_requests where npi = ${String(body.npi)}`),
    ).rejects.toThrow();
  });

  it('answers two simultaneous requests for one NPI with one 201 and one 409', async () => {
    const npi = freshNpi();
    const replies = await Promise.all([send(await validBody({ npi })), send(await validBody({ npi }))]);
    expect(replies.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  const bad: [string, Record<string, unknown>, string, string][] = [
    ['practiceName', { practiceName: '   ' }, 'practiceName', 'This field is required'],
    ['practiceName', { practiceName: 'x'.repeat(151) }, 'practiceName', 'Please use at most 150 characters.'],
    ['phone', { phoneNumber: '12' }, 'phoneNumber', 'Please enter a valid phone number'],
    ['phone country', { phoneCountry: 'ZZ' }, 'phoneCountry', 'This field is required'],
    ['website', { website: 'ftp://files.example' }, 'website', 'Please enter a valid website address'],
    ['website', { website: 'not a site' }, 'website', 'Please enter a valid website address'],
    ['email', { email: 'dana@' }, 'email', 'Please enter a valid email'],
    ['address', { address: '' }, 'address', 'This field is required'],
    ['suite', { suite: 's'.repeat(51) }, 'suite', 'Please use at most 50 characters.'],
    ['contact name', { contactName: '' }, 'contactName', 'This field is required'],
    ['practice type', { practiceType: 'hospital' }, 'practiceType', 'This field is required'],
    ['provider first name', { providerFirstName: '' }, 'providerFirstName', 'This field is required'],
    [
      'provider last name',
      { providerLastName: 'l'.repeat(51) },
      'providerLastName',
      'Please use at most 50 characters.',
    ],
    ['mobile', { mobileNumber: '99999' }, 'mobileNumber', 'Please enter a valid phone number'],
    ['provider email', { providerEmail: 'nobody' }, 'providerEmail', 'Please enter a valid email'],
    ['NPI length', { npi: '123456789' }, 'npi', 'Enter the 10-digit NPI number'],
    ['NPI letters', { npi: '12345678ab' }, 'npi', 'Enter the 10-digit NPI number'],
    ['NPI check digit', { npi: '1234567890' }, 'npi', 'This NPI number is not valid: please check its digits'],
    ['NPI missing', { npi: '' }, 'npi', 'This field is required'],
    ['specialties empty', { specialtyIds: [] }, 'specialtyIds', 'Choose at least one specialty'],
    ['specialties not numbers', { specialtyIds: ['x'] }, 'specialtyIds.0', 'This value is not valid'],
    ['previously provider', { previouslyProvider: 'maybe' }, 'previouslyProvider', 'This field is required'],
    ['unknown field', { fax: '123' }, 'fax', 'This field is not expected'],
  ];
  it.each(bad)(
    'refuses a bad %s with 400, the field named, and nothing written',
    async (_label, overrides, path, message) => {
      const before = await countRows(database.db, 'practice_requests');
      const reply = await send(await validBody(overrides));
      expect(reply.status).toBe(400);
      expect(reply.body.errorCode).toBe('badRequest');
      expect(reply.body.fields).toContainEqual({ path, message });
      expect(await countRows(database.db, 'practice_requests')).toBe(before);
    },
  );

  it('refuses a specialty that does not exist', async () => {
    const reply = await send(await validBody({ specialtyIds: [999_999] }));
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toContainEqual({ path: 'specialtyIds', message: 'This value is not valid' });
  });

  it('translates field errors for a Spanish sender', async () => {
    const reply = await send(await validBody({ npi: '1234567894' }), { language: 'es' });
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toContainEqual({
      path: 'npi',
      message: 'Este número NPI no es válido: revise sus dígitos',
    });
  });

  it('limits requests per client address with 429 and Retry-After', async () => {
    const ip = randomIp();
    const body = await validBody();
    const statuses: number[] = [];
    for (let i = 0; i < PRACTICE_REQUEST_LIMIT.points; i += 1) statuses.push((await send(body, { ip })).status);
    expect(statuses[0]).toBe(201);
    expect(statuses.slice(1).every((s) => s === 409)).toBe(true);
    const refused = await send(await validBody(), { ip });
    expect(refused.status).toBe(429);
    expect(refused.body.errorCode).toBe('tooManyAttempts');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await send(await validBody())).status).toBe(201);
  });

  it('sends at most a few acknowledgements a day to one address, still storing every request and telling the team', async () => {
    const email = uniqueEmail('target');
    const teamBefore = (await mailTo('practices@dental-booking.local')).length;
    // Different senders and practices, one recipient (differently spelt): only the first few are acknowledged.
    const total = PRACTICE_ACK_LIMIT.points + 2;
    for (let i = 0; i < total; i += 1) {
      const reply = await send(await validBody({ email: i % 2 ? email.toUpperCase() : email }));
      expect(reply.status).toBe(201);
    }
    const acknowledgements = await queryRows(
      database.db,
      sql`select 1 from outbox_emails where lower(to_address) = ${email.toLowerCase()}`,
    );
    expect(acknowledgements).toHaveLength(PRACTICE_ACK_LIMIT.points);
    expect(
      await queryRows(database.db, sql`select 1 from practice_requests where lower(email) = ${email.toLowerCase()}`),
    ).toHaveLength(total);
    expect((await mailTo('practices@dental-booking.local')).length - teamBefore).toBe(total);
  });
});
