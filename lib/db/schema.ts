import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { APPOINTMENT_STATUSES, CANCEL_ACTORS, CANCEL_REASONS, REFUND_STATUSES } from '../contracts/appointments';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

// Reference data (seeded). Names are stored per language so /v4 answers in the request's language.
export const countries = pgTable('countries', {
  code: text('code').primaryKey(),
  nameEn: text('name_en').notNull(),
  nameEs: text('name_es').notNull(),
  dialCode: text('dial_code').notNull(),
  maxPhoneLength: integer('max_phone_length').notNull(),
  sortOrder: integer('sort_order').notNull(),
});

// search_en / search_es: names folded by discovery_fold() (migration 0001) for the typeahead.
export const specialties = pgTable('specialties', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameEs: text('name_es').notNull(),
  searchEn: text('search_en').generatedAlwaysAs(sql`discovery_fold(name_en)`),
  searchEs: text('search_es').generatedAlwaysAs(sql`discovery_fold(name_es)`),
});

export const visitReasons = pgTable('visit_reasons', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameEs: text('name_es').notNull(),
  searchEn: text('search_en').generatedAlwaysAs(sql`discovery_fold(name_en)`),
  searchEs: text('search_es').generatedAlwaysAs(sql`discovery_fold(name_es)`),
});

export const insuranceCarriers = pgTable('insurance_carriers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const insurancePlans = pgTable(
  'insurance_plans',
  {
    id: serial('id').primaryKey(),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => insuranceCarriers.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('insurance_plans_carrier_name_idx').on(t.carrierId, t.name)],
);

export const patientAppUsers = pgTable(
  'patient_app_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phoneCountry: text('phone_country')
      .notNull()
      .references(() => countries.code),
    phoneNumber: text('phone_number').notNull(),
    gender: text('gender').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    streetAddress: text('street_address').notNull(),
    suite: text('suite'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    country: text('country')
      .notNull()
      .references(() => countries.code),
    profileImage: text('profile_image'),
    /**
     * The profile photo: an image of this user's, purpose profile. Deleting the image
     * clears it. (The older `profile_image` text column was never written and is not read.)
     */
    profileImageId: uuid('profile_image_id').references((): AnyPgColumn => images.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // Account deletion: set when the patient deletes the account; logging in before
    // purge_after restores it, after it the purge job anonymises the row (README "Account deletion").
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    purgeAfter: timestamp('purge_after', { withTimezone: true }),
  },
  // Emails are stored lower-cased; the unique index makes sign-up races safe.
  (t) => [
    uniqueIndex('patient_app_users_email_idx').on(t.email),
    // The purge job's sweep: only accounts waiting out their grace period.
    index('patient_app_users_purge_idx')
      .on(t.purgeAfter)
      .where(sql`${t.purgeAfter} is not null`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Only a SHA-256 of the token is stored: a database leak does not leak live sessions.
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => patientAppUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('sessions_token_hash_idx').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => patientAppUsers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
);

// Rate-limit counters of rate-limiter-flexible's PostgreSQL store (lib/backend/throttle/
// rate-limit-repository.ts): in the database, not process memory, so limits hold across server
// processes once DATABASE_URL is set (lib/docs/architecture.md "Past one machine"). The columns
// are exactly the ones the library's own CREATE TABLE makes; it is told the table exists.
// Keys hold hashes, never emails or addresses in clear (lib/docs/decisions/login-throttling.md).
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    points: integer('points').notNull().default(0),
    // Epoch milliseconds, as the library writes it.
    expire: bigint('expire', { mode: 'number' }),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
);

export const outboxEmails = pgTable(
  'outbox_emails',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body'),
    /** Attached files (an .ics invitation), as { filename, contentType, content (base64) }. */
    attachments: jsonb('attachments').$type<OutboxAttachment[]>(),
    createdAt: createdAt(),
    // Transactional outbox: a row is written inside the change that causes the email and
    // delivered after commit ('pending' -> 'sent', or 'failed' after MAX attempts).
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (t) => [
    index('outbox_emails_to_idx').on(t.toAddress, t.createdAt),
    index('outbox_emails_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
  ],
);

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}

export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`),
});

// ---------------------------------------------------------------------------------------------
// Discovery: providers, offices, what they offer, reviews and favourites.
//
// Search columns (`search_name`) are generated with discovery_fold(), an IMMUTABLE wrapper of
// unaccent + lower-case defined in migration 0001, so typeahead matching is case- and
// accent-insensitive. The typeahead matches them with LIKE through trigram GIN and
// text_pattern_ops btree indexes (migration 0023). Distance uses
// earthdistance: a GiST index on ll_to_earth(latitude, longitude) answers earth_box radius
// prefilters and nearest-first (<->) scans.
// ---------------------------------------------------------------------------------------------

const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** earthdistance's point type (a 3-D cube); only SQL reads it, so it stays an opaque string here. */
const earth = customType<{ data: string; driverData: string }>({ dataType: () => 'earth' });

/** Office opening hours for one weekday (0 = Sunday ... 6 = Saturday), local wall-clock "HH:MM". */
export interface BusinessHoursRow {
  weekday: number;
  opens: string;
  closes: string;
}
export interface EducationRow {
  degree: string;
  institution: string;
  year: number;
}
export interface AwardRow {
  title: string;
  year: number;
}

export const providers = pgTable(
  'providers',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    npi: text('npi').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    // Degree shown after the name: DDS, DMD, ...
    title: text('title').notNull(),
    gender: text('gender').notNull(),
    photoUrl: text('photo_url'),
    biographyEn: text('biography_en').notNull(),
    biographyEs: text('biography_es').notNull(),
    education: jsonb('education')
      .$type<EducationRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    experienceYears: integer('experience_years').notNull(),
    awards: jsonb('awards')
      .$type<AwardRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    // Spoken languages as codes of lib/contracts/discovery-catalog.ts (en, es, zh, ...).
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    teledentalFeeCents: integer('teledental_fee_cents').notNull(),
    // Kept up to date by the reviews triggers of migration 0001.
    ratingAverage: doublePrecision('rating_average').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    searchName: text('search_name').generatedAlwaysAs(sql`discovery_fold(first_name || ' ' || last_name)`),
    searchNameReversed: text('search_name_reversed').generatedAlwaysAs(
      sql`discovery_fold(last_name || ' ' || first_name)`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('providers_npi_idx').on(t.npi),
    index('providers_search_name_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops')),
    index('providers_search_name_prefix_idx').using('btree', t.searchName.op('text_pattern_ops')),
    index('providers_search_name_reversed_prefix_idx').using('btree', t.searchNameReversed.op('text_pattern_ops')),
  ],
);

export const offices = pgTable(
  'offices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionEs: text('description_es').notNull(),
    phone: text('phone').notNull(),
    website: text('website'),
    photoUrl: text('photo_url'),
    addressLine: text('address_line').notNull(),
    suite: text('suite'),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zip: text('zip').notNull(),
    countryCode: text('country_code')
      .notNull()
      .references(() => countries.code),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    // Stored rather than indexed as an expression: the nearest-first scan then reads the point
    // instead of recomputing ll_to_earth for every office it visits (about 4x faster).
    geo: earth('geo').generatedAlwaysAs(sql`ll_to_earth(latitude, longitude)`),
    // IANA time zone; slots are computed in it (SPEC.md section 9: 60-minute slots).
    timeZone: text('time_zone').notNull(),
    businessHours: jsonb('business_hours')
      .$type<BusinessHoursRow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    // Codes of lib/contracts/discovery-catalog.ts; labels in both languages live there.
    languages: text('languages')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    technologies: text('technologies')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    amenities: text('amenities')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    // Teledental booking is refused when the office has no payment setup (SPEC.md section 5).
    teledentalPaymentReady: boolean('teledental_payment_ready').notNull().default(false),
    ratingAverage: doublePrecision('rating_average').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    searchName: text('search_name').generatedAlwaysAs(sql`discovery_fold(name)`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('offices_geo_idx').using('gist', t.geo),
    index('offices_search_name_trgm_idx').using('gin', t.searchName.op('gin_trgm_ops')),
    // Migration 0025 adds INCLUDE (id, geo, country_code), which drizzle cannot declare: the
    // typeahead ranks offices from this index alone (lib/backend/search/search-repository.ts).
    index('offices_search_name_prefix_idx').using('btree', t.searchName.op('text_pattern_ops')),
  ],
);

/** Procedures and services offices offer (the global search's `services` group). */
export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  nameEn: text('name_en').notNull(),
  nameEs: text('name_es').notNull(),
  searchEn: text('search_en').generatedAlwaysAs(sql`discovery_fold(name_en)`),
  searchEs: text('search_es').generatedAlwaysAs(sql`discovery_fold(name_es)`),
});

export const officeServices = pgTable(
  'office_services',
  {
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.officeId, t.serviceId] }), index('office_services_service_idx').on(t.serviceId)],
);

/** Where a provider works: on which weekdays, and what they accept there. */
export const providerOffices = pgTable(
  'provider_offices',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    // 0 = Sunday ... 6 = Saturday, in the office's time zone.
    workingDays: smallint('working_days').array().notNull(),
    acceptsNewPatients: boolean('accepts_new_patients').notNull().default(true),
    offersTeledental: boolean('offers_teledental').notNull().default(false),
    /** False for a provider who sees patients at this office by video only. */
    offersInOffice: boolean('offers_in_office').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.officeId] }),
    index('provider_offices_office_idx').on(t.officeId, t.providerId),
  ],
);

/**
 * What the provider listing filters and ranks on, one row per provider at an office, copied
 * from providers, provider_offices, offices and the provider's specialties, visit reasons,
 * plans and carriers (migration 0004 keeps it up to date with triggers; the seed fills it in
 * one statement). A listing reads it nearest first through the GiST index of `geo` (the
 * office's point) and checks the tags on each row, or reads the rows of rare tags through the
 * GIN index of `tags` (migration 0023). Tag codes are defined by
 * discovery_listing_source (migrations 0004 and 0009) and mirrored in
 * lib/backend/sql/listing-tags.ts.
 */
export const providerListings = pgTable(
  'provider_listings',
  {
    providerId: integer('provider_id').notNull(),
    officeId: integer('office_id').notNull(),
    /** The office's point (offices.geo), copied so one GiST scan orders and filters the rows. */
    geo: earth('geo').notNull(),
    /** Filter tags: specialties, visit reasons, plans, carriers, languages, new patients, teledental. */
    tags: integer('tags').array().notNull(),
    workingDays: smallint('working_days').array().notNull(),
    ratingAverage: doublePrecision('rating_average').notNull(),
    reviewCount: integer('review_count').notNull(),
    teledentalFeeCents: integer('teledental_fee_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.officeId] }),
    foreignKey({
      columns: [t.providerId, t.officeId],
      foreignColumns: [providerOffices.providerId, providerOffices.officeId],
      name: 'provider_listings_provider_office_fk',
    }).onDelete('cascade'),
    index('provider_listings_geo_idx').using('gist', t.geo),
    index('provider_listings_tags_idx').using('gin', t.tags),
  ],
);

export const providerSpecialties = pgTable(
  'provider_specialties',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    specialtyId: integer('specialty_id')
      .notNull()
      .references(() => specialties.id, { onDelete: 'cascade' }),
    // The specialty shown first on cards.
    isPrimary: boolean('is_primary').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.specialtyId] }),
    index('provider_specialties_specialty_idx').on(t.specialtyId, t.providerId),
  ],
);

export const providerVisitReasons = pgTable(
  'provider_visit_reasons',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    visitReasonId: integer('visit_reason_id')
      .notNull()
      .references(() => visitReasons.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.visitReasonId] }),
    index('provider_visit_reasons_reason_idx').on(t.visitReasonId, t.providerId),
  ],
);

/** In-network plans. The carrier is repeated from the plan so "any plan of carrier X" needs no join. */
export const providerInsurancePlans = pgTable(
  'provider_insurance_plans',
  {
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    planId: integer('plan_id')
      .notNull()
      .references(() => insurancePlans.id, { onDelete: 'cascade' }),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => insuranceCarriers.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.providerId, t.planId] }),
    index('provider_insurance_plans_plan_idx').on(t.planId, t.providerId),
    index('provider_insurance_plans_carrier_idx').on(t.carrierId, t.providerId),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id, { onDelete: 'cascade' }),
    officeId: integer('office_id').references(() => offices.id, { onDelete: 'set null' }),
    // Set for reviews written in the app (the "my reviews" area); seeded reviews have none.
    patientUserId: uuid('patient_user_id').references(() => patientAppUsers.id, { onDelete: 'set null' }),
    patientDisplayName: text('patient_display_name').notNull(),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }).notNull().defaultNow(),
    officeResponse: text('office_response'),
    officeResponseAt: timestamp('office_response_at', { withTimezone: true }),
    /**
     * The completed appointment a review written in the app is about: unique, so a
     * visit is reviewed once, even under concurrent requests. Seeded reviews have none.
     */
    appointmentId: uuid('appointment_id').references((): AnyPgColumn => appointments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('reviews_rating_range', sql`${t.rating} between 1 and 5`),
    uniqueIndex('reviews_appointment_idx').on(t.appointmentId),
    index('reviews_patient_idx').on(t.patientUserId, t.reviewedAt.desc()),
    index('reviews_provider_idx').on(t.providerId, t.reviewedAt.desc()),
    index('reviews_office_idx').on(t.officeId, t.reviewedAt.desc()),
    // ON DELETE SET NULL from patient_app_users looks reviews up by their patient.
    index('reviews_patient_user_idx')
      .on(t.patientUserId)
      .where(sql`patient_user_id is not null`),
  ],
);

/** A patient's favourite provider or office: exactly one of the two per row. */
export const favorites = pgTable(
  'favorites',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => patientAppUsers.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id').references(() => providers.id, { onDelete: 'cascade' }),
    officeId: integer('office_id').references(() => offices.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('favorites_one_target', sql`num_nonnulls(${t.providerId}, ${t.officeId}) = 1`),
    uniqueIndex('favorites_user_provider_idx')
      .on(t.userId, t.providerId)
      .where(sql`${t.providerId} is not null`),
    uniqueIndex('favorites_user_office_idx')
      .on(t.userId, t.officeId)
      .where(sql`${t.officeId} is not null`),
  ],
);

/**
 * Distinct folded words of provider and office names, filled by triggers (migration 0001): the
 * typo vocabulary, looked up by trigram and prefix (migration 0023) when a word matches nothing.
 */
export const searchTerms = pgTable('search_terms', { term: text('term').primaryKey() }, (t) => [
  index('search_terms_trgm_idx').using('gin', t.term.op('gin_trgm_ops')),
  index('search_terms_prefix_idx').using('btree', t.term.op('text_pattern_ops')),
]);

/**
 * What changed on the provider and clinic pages, written by statement triggers (migration 0006)
 * on every table those pages show, whoever writes: this server, the seed CLI, psql, another
 * deployment of /v4. The page server reads it (GET /v4/discoveryChanges) to drop exactly the
 * cached pages that changed. A row with neither id means "everything" (a bulk change or a
 * reference list such as specialty names).
 */
export const discoveryChanges = pgTable(
  'discovery_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    providerId: integer('provider_id'),
    officeId: integer('office_id'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('discovery_changes_changed_at_idx').on(t.changedAt)],
);

/** Binary column: node-postgres answers a Buffer, PGlite a Uint8Array; both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Image bytes written by earlier versions, which kept files in the database. New files go to
 * DATA_DIR or S3 (lib/backend/adapters/storage); these rows are only read and deleted, and are
 * moved out to the file store once at start-up (lib/docs/decisions/uploads-and-images.md).
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: createdAt(),
});

/**
 * Images patients upload (profile photo, teeth images, insurance cards), after the image
 * pipeline has checked and re-encoded them. Served only to their owner. The bytes live in the
 * file store (DATA_DIR or S3) under `storage_key`; a row is committed before its object is
 * written and `stored_at` is set once it is, so an upload interrupted in between leaves a row
 * the `pending-uploads` job finds and removes together with whatever reached the store.
 */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => patientAppUsers.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: ['profile', 'teeth', 'insurance'] }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    createdAt: createdAt(),
    /** Null while the object is being written (pending): such a row is never served. */
    storedAt: timestamp('stored_at', { withTimezone: true }),
  },
  (t) => [
    index('images_owner_idx').on(t.ownerId, t.createdAt),
    index('images_pending_idx')
      .on(t.createdAt)
      .where(sql`stored_at is null`),
  ],
);

/**
 * The sandbox payment gateway's own books (lib/backend/adapters/payments/sandbox-gateway.ts):
 * what a real gateway keeps on its side (charges, refunds, saved cards, used tokens), kept here
 * so the embedded default behaves like one across server processes. Nothing else reads it.
 */
export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['charge', 'refund', 'card', 'token'] }).notNull(),
    reference: text('reference'),
    amountCents: integer('amount_cents'),
    brand: text('brand'),
    last4: text('last4'),
    outcome: text('outcome'),
    status: text('status'),
    parentId: text('parent_id'),
    customerId: text('customer_id'),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_payments_reference_idx').on(t.reference, t.createdAt)],
);

/**
 * One try at charging a booking's fee, committed before the gateway is asked
 * (lib/docs/decisions/payments.md): a process that dies mid-charge leaves this row for the
 * reconciliation job, which looks the reference up at the gateway and completes or voids.
 * The slot fields stay when the hold they name is released (its row is deleted).
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Sent to the gateway as the invoice number: its duplicate check and our lookup key. */
    reference: text('reference').notNull(),
    patientUserId: uuid('patient_user_id')
      .notNull()
      .references(() => patientAppUsers.id, { onDelete: 'cascade' }),
    appointmentId: uuid('appointment_id'),
    providerId: integer('provider_id').notNull(),
    officeId: integer('office_id').notNull(),
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    gateway: text('gateway').notNull(),
    state: text('state', { enum: ['started', 'charged', 'failed', 'voided', 'completed'] })
      .notNull()
      .default('started'),
    transactionId: text('transaction_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** Why it failed or was voided (a PaymentFailure, 'holdLost', 'neverCharged'). */
    failure: text('failure'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_attempts_reference_idx').on(t.reference),
    // The reconciliation job: unfinished attempts, oldest first (a handful at any time).
    index('payment_attempts_open_idx')
      .on(t.createdAt)
      .where(sql`state in ('started', 'charged')`),
    index('payment_attempts_patient_idx').on(t.patientUserId, t.createdAt),
  ],
);

// ---------------------------------------------------------------------------------------------
// Booking: family members, appointments, saved cards, office API keys.
// ---------------------------------------------------------------------------------------------

/** People a patient books for (SPEC.md section 3: the patient fields plus relationship). */
export const familyMembers = pgTable(
  'family_members',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => patientAppUsers.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    relationship: text('relationship').notNull(),
    gender: text('gender').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    profileImage: text('profile_image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Soft delete: past appointments keep naming who they were for.
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('family_members_owner_idx').on(t.ownerId, t.createdAt)],
);

/**
 * Appointments. Two exclusion constraints (migration 0014, btree_gist) are the double-booking
 * rules, so they hold under concurrent requests rather than by a check before insert: a
 * provider's live appointments never overlap (one slot is never sold twice), and neither do
 * one attendee's (SPEC.md section 5: no two appointments at the same date and time). A
 * canceled appointment frees both.
 */
export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account holder who booked (and paid); owns the appointment. */
    patientUserId: uuid('patient_user_id')
      .notNull()
      .references(() => patientAppUsers.id, { onDelete: 'cascade' }),
    /** Set when booked for a family member; else the visit is the account holder's. */
    familyMemberId: uuid('family_member_id').references(() => familyMembers.id, { onDelete: 'cascade' }),
    /** Whose visit it is: the family member, else the account holder (the second exclusion rule). */
    attendeeId: uuid('attendee_id')
      .notNull()
      .generatedAlwaysAs(sql`coalesce(family_member_id, patient_user_id)`),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The office's IANA zone when booked: times are shown in it. */
    timeZone: text('time_zone').notNull(),
    visitType: text('visit_type', { enum: ['inOffice', 'virtual'] }).notNull(),
    visitReasonId: integer('visit_reason_id')
      .notNull()
      .references(() => visitReasons.id),
    patientType: text('patient_type', { enum: ['existing', 'new'] }).notNull(),
    insurancePlanId: integer('insurance_plan_id').references(() => insurancePlans.id),
    notes: text('notes').notNull(),
    /**
     * 'pendingPayment' is a hold, not a booking (lib/docs/decisions/payments.md): it takes the
     * slot under the exclusion constraints while the card is charged, is never shown to anyone,
     * and is confirmed ('scheduled') or deleted.
     */
    status: text('status', { enum: [...APPOINTMENT_STATUSES, 'pendingPayment'] })
      .notNull()
      .default('scheduled'),
    /** A hold's end: past it the slot is offered again and the hold is released. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    /** The patient's language when booking: emails about the appointment use it. */
    language: text('language', { enum: ['en', 'es'] }).notNull(),
    feeCents: integer('fee_cents').notNull().default(0),
    // The charge, when a fee was paid (never card data: the gateway's ids and the last four).
    transactionId: text('transaction_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundStatus: text('refund_status', { enum: REFUND_STATUSES }),
    refundAmountCents: integer('refund_amount_cents'),
    refundTransactionId: text('refund_transaction_id'),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    canceledBy: text('canceled_by', { enum: CANCEL_ACTORS }),
    cancelReason: text('cancel_reason', { enum: CANCEL_REASONS }),
    /** Rebooked with another provider: the appointment this one replaced. */
    rescheduledFromId: uuid('rescheduled_from_id'),
    /** Bumped on every change of time: calendar clients replace the event of the same UID. */
    sequence: integer('sequence').notNull().default(0),
    /** Booking is idempotent per patient and key: a retried request answers the first booking. */
    idempotencyKey: uuid('idempotency_key').notNull(),
    /** SHA-256 of the booking request, to refuse the same key with another request. */
    requestHash: text('request_hash').notNull(),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** When the post-visit feedback email was claimed: set once, by the job that sends it. */
    feedbackRequestedAt: timestamp('feedback_requested_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('appointments_time_order', sql`${t.endsAt} > ${t.startsAt}`),
    uniqueIndex('appointments_idempotency_idx').on(t.patientUserId, t.idempotencyKey),
    // A patient's list by tab (upcoming / past / canceled), newest or soonest first.
    index('appointments_patient_idx').on(t.patientUserId, t.startsAt),
    // Busy time of providers for slots (live appointments only).
    index('appointments_provider_busy_idx')
      .on(t.providerId, t.startsAt)
      .where(sql`status <> 'canceled'`),
    // Jobs: reminders and no-shows look at live appointments by start time.
    index('appointments_live_start_idx')
      .on(t.startsAt)
      .where(sql`status in ('scheduled', 'confirmed')`),
    index('appointments_office_idx').on(t.officeId, t.startsAt),
    // The feedback email job: completed visits not yet asked about (a handful at any time).
    index('appointments_feedback_due_idx')
      .on(t.startsAt)
      .where(sql`status = 'completed' and feedback_requested_at is null`),
    // The self-reference's ON DELETE SET NULL looks rows up by it: without an index, deleting
    // appointments (account purge, the bench's cleanup) scanned the table once per row.
    index('appointments_rescheduled_from_idx')
      .on(t.rescheduledFromId)
      .where(sql`rescheduled_from_id is not null`),
  ],
);

/** Teeth images attached to an appointment (SPEC.md section 5: at most 5). */
export const appointmentImages = pgTable(
  'appointment_images',
  {
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    imageId: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.appointmentId, t.imageId] })],
);

/** Every status change, with who made it: the transition table's audit trail. */
export const appointmentEvents = pgTable(
  'appointment_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status'),
    toStatus: text('to_status').notNull(),
    actor: text('actor', { enum: CANCEL_ACTORS }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('appointment_events_appointment_idx').on(t.appointmentId, t.at)],
);

/** The patient's customer profile at the payment gateway (Authorize.Net CIM), made with the first saved card. */
export const paymentCustomers = pgTable('payment_customers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => patientAppUsers.id, { onDelete: 'cascade' }),
  gateway: text('gateway').notNull(),
  customerProfileId: text('customer_profile_id').notNull(),
  createdAt: createdAt(),
});

/** Saved cards: the gateway's references plus what is shown (type, last four, default). */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => patientAppUsers.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    customerProfileId: text('customer_profile_id').notNull(),
    paymentProfileId: text('payment_profile_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_cards_user_idx').on(t.userId, t.createdAt),
    // At most one default card per patient.
    uniqueIndex('payment_cards_one_primary_idx')
      .on(t.userId)
      .where(sql`is_primary`),
  ],
);

/**
 * Keys of the office-facing API (a practice-management system confirms, checks in and marks
 * no-shows). Only a SHA-256 of each key is stored, as for session tokens.
 */
export const officeApiKeys = pgTable(
  'office_api_keys',
  {
    keyHash: text('key_hash').primaryKey(),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('office_api_keys_office_idx').on(t.officeId)],
);

// ---------------------------------------------------------------------------------------------
// Account area: insurance cards.
// ---------------------------------------------------------------------------------------------

/**
 * The insurance of a patient (family_member_id null) or of one of their family members: one per
 * person (the two partial unique indexes), replaced when saved again. The card images are the
 * owner's own uploads (purpose insurance); deleting one through DELETE /v4/images clears it and
 * the account area asks for it again.
 */
export const memberInsurance = pgTable(
  'member_insurance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => patientAppUsers.id, { onDelete: 'cascade' }),
    familyMemberId: uuid('family_member_id').references(() => familyMembers.id, { onDelete: 'cascade' }),
    carrierId: integer('carrier_id')
      .notNull()
      .references(() => insuranceCarriers.id),
    planId: integer('plan_id')
      .notNull()
      .references(() => insurancePlans.id),
    memberNumber: text('member_number').notNull(),
    frontImageId: uuid('front_image_id').references(() => images.id, { onDelete: 'set null' }),
    backImageId: uuid('back_image_id').references(() => images.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('member_insurance_patient_idx')
      .on(t.ownerId)
      .where(sql`family_member_id is null`),
    uniqueIndex('member_insurance_family_member_idx')
      .on(t.familyMemberId)
      .where(sql`family_member_id is not null`),
  ],
);

// The chat assistant's conversations (lib/docs/decisions/chat-assistant.md). The key
// is a SHA-256 of the random conversation id the client holds (as sessions store token hashes).
// `state` is what the assistant understood so far; `messages` the latest turns, as shown.
export const assistantConversations = pgTable(
  'assistant_conversations',
  {
    idHash: text('id_hash').primaryKey(),
    // Set when a logged-in patient started it: nobody else may read or continue it.
    userId: uuid('user_id').references(() => patientAppUsers.id, { onDelete: 'cascade' }),
    state: jsonb('state').notNull(),
    messages: jsonb('messages').notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assistant_conversations_updated_idx').on(t.updatedAt)],
);

/**
 * Practices asking to be listed (SPEC.md section 3, "Practice listing request"). The
 * team reads them from its notification email; the row is the record. `request_day` (UTC) makes
 * "the same NPI twice in a day" a database rule: the unique index refuses the second row even
 * when two requests race past the service's 24-hour check.
 */
export const practiceRequests = pgTable(
  'practice_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    practiceName: text('practice_name').notNull(),
    phoneCountry: text('phone_country').notNull(),
    phoneNumber: text('phone_number').notNull(),
    website: text('website'),
    email: text('email').notNull(),
    address: text('address').notNull(),
    suite: text('suite'),
    contactName: text('contact_name').notNull(),
    practiceType: text('practice_type', {
      enum: ['solePractitioner', 'group', 'corporateDso', 'university'],
    }).notNull(),
    providerFirstName: text('provider_first_name').notNull(),
    providerLastName: text('provider_last_name').notNull(),
    mobileCountry: text('mobile_country').notNull(),
    mobileNumber: text('mobile_number').notNull(),
    providerEmail: text('provider_email').notNull(),
    npi: text('npi').notNull(),
    specialtyIds: integer('specialty_ids').array().notNull(),
    previouslyProvider: boolean('previously_provider').notNull(),
    /** The sender's language: the team's follow-up writes in it. */
    locale: text('locale').notNull(),
    requestDay: date('request_day').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('practice_requests_npi_day_idx').on(t.npi, t.requestDay),
    index('practice_requests_npi_created_idx').on(t.npi, t.createdAt),
    check('practice_requests_npi_check', sql`npi ~ '^[0-9]{10}$'`),
  ],
);

/**
 * The earlier-slot waitlist: one entry per live appointment whose patient asked to
 * be told of an earlier slot with the same provider. The provider is copied from the
 * appointment (it never changes: another provider is a new appointment), so a freed slot finds
 * its waiting list by one index range, in the order patients joined (first come, first told).
 * Entries end with the appointment's life: deleted when it is canceled or moved, and ignored
 * once it is no longer live (completed, no-show).
 */
export const appointmentWaitlist = pgTable(
  'appointment_waitlist',
  {
    appointmentId: uuid('appointment_id')
      .primaryKey()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    providerId: integer('provider_id')
      .notNull()
      .references(() => providers.id),
    /** The patient's language when joining: the earlier-slot email uses it. */
    language: text('language', { enum: ['en', 'es'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('appointment_waitlist_provider_idx').on(t.providerId, t.createdAt)],
);

/**
 * An earlier slot offered to one waitlisted appointment by email. The id is the link's token:
 * a random UUID (122 random bits), usable only by the appointment's patient when logged in,
 * and once (accepted_at). Taking it moves the appointment like a same-provider reschedule.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    appointmentId: uuid('appointment_id')
      .notNull()
      .references(() => appointments.id, { onDelete: 'cascade' }),
    officeId: integer('office_id')
      .notNull()
      .references(() => offices.id),
    slotStart: timestamp('slot_start', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  // One offer per appointment and slot: a slot freed twice (cancel, rebook, cancel) is not mailed twice.
  (t) => [uniqueIndex('waitlist_offers_appointment_slot_idx').on(t.appointmentId, t.slotStart)],
);
