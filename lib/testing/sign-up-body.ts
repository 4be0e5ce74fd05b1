/*
 * A valid sign-up body, with no imports: shared by the API tests (lib/testing/v4.ts), the tests
 * that start real server processes and the bench, which reach /v4 over HTTP only.
 */

let counter = 0;
/** An email no other test uses; mixed case shows that emails are compared case-insensitively. */
export function uniqueEmail(label = 'patient'): string {
  counter += 1;
  return `${label}.${process.pid}.${Date.now().toString(36)}.${counter}@example.com`;
}

export const TEST_PASSWORD = 'Secret123';

/** A valid sign-up body (SPEC.md section 5); override any field. */
export function signUpBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    firstName: 'Ana',
    lastName: 'Tester',
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    phoneCountry: 'US',
    phoneNumber: '2125550123',
    gender: 'female',
    dateOfBirth: '1990-05-17',
    streetAddress: '1 Main St',
    suite: 'Apt 2',
    city: 'New York',
    state: 'NY',
    zip: '10001',
    country: 'US',
    acceptTerms: true,
    ...overrides,
  };
}
