import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows, useTestDatabase } from '../../testing/test-db';
import { login, signUpAndLogin, v4 } from '../../testing/v4';

const database = useTestDatabase();

async function passwordHashOf(email: string): Promise<string> {
  const [row] = await queryRows<{ password_hash: string }>(
    database.db,
    sql`select password_hash from patient_app_users where email = ${email}`,
  );
  return row!.password_hash;
}

describe('PUT /v4/password (change password)', () => {
  it('changes the password: the new one logs in, the old one no longer does', async () => {
    const { email, password, token } = await signUpAndLogin();
    const reply = await v4('PUT', '/v4/password', { token, body: { current: password, new: 'Changed123' } });
    expect(reply.status).toBe(200);
    expect(typeof reply.body.message).toBe('string');

    expect((await login(email, 'Changed123')).status).toBe(200);
    expect((await login(email, password)).status).toBe(401);
  });

  it("ends the user's other sessions and keeps the one that changed the password", async () => {
    const { email, password, token } = await signUpAndLogin();
    const other = (await login(email, password)).body.token as string;
    expect((await v4('PUT', '/v4/password', { token, body: { current: password, new: 'Changed123' } })).status).toBe(200);
    expect((await v4('GET', '/v4/patientAppUser', { token })).status).toBe(200);
    expect((await v4('GET', '/v4/patientAppUser', { token: other })).status).toBe(401);
  });

  it("refuses a wrong current password with 412 invalidCurrentPassword: 'Invalid current password'", async () => {
    const { email, token } = await signUpAndLogin();
    const before = await passwordHashOf(email);
    const reply = await v4('PUT', '/v4/password', { token, body: { current: 'NotMine123', new: 'Changed123' } });
    expect(reply.status).toBe(412);
    expect(reply.body).toEqual({ message: 'Invalid current password', errorCode: 'invalidCurrentPassword' });
    expect(await passwordHashOf(email)).toBe(before);
  });

  it("refuses a weak new password: 'Password is too weak.'", async () => {
    const { email, password, token } = await signUpAndLogin();
    const before = await passwordHashOf(email);
    const reply = await v4('PUT', '/v4/password', { token, body: { current: password, new: 'weakpass' } });
    expect(reply.status).toBe(400);
    expect(reply.body.fields).toEqual([{ path: 'new', message: 'Password is too weak.' }]);
    expect(await passwordHashOf(email)).toBe(before);
  });

  it('stores a salted scrypt hash, never the password', async () => {
    const { email, password, token } = await signUpAndLogin();
    await v4('PUT', '/v4/password', { token, body: { current: password, new: 'Changed123' } });
    const hash = await passwordHashOf(email);
    expect(hash).toMatch(/^scrypt\$/);
    expect(hash).not.toContain('Changed123');
  });

  it('answers 401 without a token', async () => {
    const reply = await v4('PUT', '/v4/password', { body: { current: 'Secret123', new: 'Changed123' } });
    expect(reply.status).toBe(401);
    expect(reply.body.errorCode).toBe('notAuthorized');
  });
});
