import 'server-only';
import type { User } from '../../contracts/user';
import type { UserRow } from './users-repository';

/** Reshapes a row into the contract's User, so column names never leak (STYLE.md habit 2). */
export function toUserDto(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    phoneCountry: row.phoneCountry as User['phoneCountry'],
    phoneNumber: row.phoneNumber,
    gender: row.gender as User['gender'],
    dateOfBirth: row.dateOfBirth,
    streetAddress: row.streetAddress,
    suite: row.suite,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: row.country as User['country'],
    // The photo's image id (GET /v4/images/{id}); the older text column is not read.
    profileImage: row.profileImageId,
  };
}
