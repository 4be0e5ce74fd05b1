import { z } from 'zod';
import {
  resetTokenPathSchema,
  changePasswordRequestSchema,
  loginRequestSchema,
  passwordResetEmailRequestSchema,
  resetTokenStatusSchema,
  setNewPasswordRequestSchema,
} from './auth';
import { loginResponseSchema } from './session';
import {
  appointmentIdPathSchema,
  appointmentListQuerySchema,
  appointmentPageSchema,
  appointmentSchema,
  bookAppointmentRequestSchema,
  officeAppointmentListSchema,
  officeAppointmentSchema,
  officeAppointmentsQuerySchema,
  officeKeyHeadersSchema,
  officeStatusRequestSchema,
  rescheduleRequestSchema,
} from './appointments';
import { assistantConversationSchema, assistantMessageRequestSchema, conversationIdPathSchema } from './assistant';
import { cardIdPathSchema, saveCardRequestSchema, savedCardListSchema, savedCardSchema } from './cards';
import { countryListSchema } from './countries';
import { deleteAccountQuerySchema, deleteAccountResponseSchema } from './account';
import { supportRequestSchema } from './support';
import { familyListSchema, familyMemberIdPathSchema, familyMemberRequestSchema, familyMemberSchema } from './family';
import {
  geoAutocompleteQuerySchema,
  geoAutocompleteResponseSchema,
  geoGeocodeQuerySchema,
  geoPlaceResponseSchema,
  geoReverseQuerySchema,
} from './geo';
import { messageResponseSchema } from './errors';
import {
  ACCEPTED_IMAGE_TYPES,
  MAX_IMAGE_BYTES,
  MAX_IMAGES_PER_UPLOAD,
  imageIdPathSchema,
  imageListSchema,
  imageUploadFieldsSchema,
} from './images';
import {
  setProfilePhotoRequestSchema,
  signUpRequestSchema,
  updateProfileRequestSchema,
  userListSchema,
  userSchema,
} from './user';
import { insuredPersonListSchema, insuredPersonSchema, updateMemberInsuranceRequestSchema } from './insurance';
import { visitFeedbackSchema } from './feedback';
import {
  myReviewSchema,
  myReviewsSchema,
  reviewIdPathSchema,
  reviewListQuerySchema,
  reviewPageSchema,
  reviewRequestSchema,
} from './reviews';
import { practiceRequestReceiptSchema, practiceRequestSchema } from './practice-requests';
import { clinicDetailSchema, clinicListQuerySchema, clinicPageSchema } from './clinics';
import { waitlistOfferIdPathSchema, waitlistOfferSchema, waitlistStatusSchema } from './waitlist';
import { favoriteIdsSchema, favoriteStatusSchema, favoritesQuerySchema, favoritesSchema } from './favorites';
import { globalSearchHeadersSchema, globalSearchQuerySchema, globalSearchResponseSchema } from './search';
import { insuranceCarrierListSchema, namedRefListSchema } from './reference';
import {
  providerDetailSchema,
  providerListQuerySchema,
  providerPageSchema,
  providerSlotsSchema,
  slotsQuerySchema,
} from './providers';
import { sitemapPageSchema, sitemapQuerySchema } from './sitemap';
import { discoveryChangesQuerySchema, discoveryChangesSchema } from './discovery-changes';
import { entityIdPathSchema } from './discovery';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteContract {
  method: HttpMethod;
  /** OpenAPI-style path; `{name}` segments are parameters. */
  path: string;
  summary: string;
  /** `'optional'`: works anonymously, and reads x-auth-token when one is sent. */
  auth: boolean | 'optional';
  /** Path parameters, `{name}` in `path` (an object schema over strings). */
  params?: z.ZodType;
  body?: z.ZodType;
  /** Query parameters (an object schema over strings). */
  query?: z.ZodType;
  /** Request headers the call reads besides x-auth-token and Language. */
  headers?: z.ZodType;
  /**
   * A `multipart/form-data` body instead of JSON: text fields checked by `fields`, and up to
   * `maxFiles` files of at most `maxFileBytes` each in the form field `field`.
   */
  upload?: { field: string; fields: z.ZodType; maxFiles: number; maxFileBytes: number };
  response: z.ZodType;
  /** The success body is bytes of one of these media types, not JSON (`response` is then unused). */
  binaryResponse?: readonly string[];
  status: 200 | 201;
  /** Error statuses this call can answer besides 400 and 500. */
  errors: number[];
}

/**
 * Every /v4 call: the single source for the backend handlers, the BFF client and the OpenAPI
 * document. Paths the spec names (section 7) are kept; the ones it leaves "not shown" are ours.
 */
export const v4Routes = {
  login: {
    method: 'PUT',
    path: '/v4/session',
    summary: 'Log in; returns the token, a device token to send with later logins, and session data',
    auth: false,
    body: loginRequestSchema,
    response: loginResponseSchema,
    status: 200,
    errors: [401, 429],
  },
  logout: {
    method: 'DELETE',
    path: '/v4/session',
    summary: 'Log out: revokes the token server-side',
    auth: true,
    response: messageResponseSchema,
    status: 200,
    errors: [401],
  },
  listUsers: {
    method: 'GET',
    path: '/v4/patientAppUser',
    summary: 'The current user, as the first element of a list',
    auth: true,
    response: userListSchema,
    status: 200,
    errors: [401],
  },
  signUp: {
    method: 'POST',
    path: '/v4/patientAppUser',
    summary: 'Sign up a patient',
    auth: false,
    body: signUpRequestSchema,
    response: userSchema,
    status: 201,
    errors: [412, 429],
  },
  updateProfile: {
    method: 'PUT',
    path: '/v4/patientAppUser',
    summary: "Update the current user's profile",
    auth: true,
    body: updateProfileRequestSchema,
    response: userSchema,
    status: 200,
    errors: [401],
  },
  changePassword: {
    method: 'PUT',
    path: '/v4/password',
    summary: 'Change the password (body new, current)',
    auth: true,
    body: changePasswordRequestSchema,
    response: messageResponseSchema,
    status: 200,
    errors: [401, 412, 429],
  },
  sendResetEmail: {
    method: 'POST',
    path: '/v4/passwordReset',
    summary: 'Email a single-use password reset link',
    auth: false,
    body: passwordResetEmailRequestSchema,
    response: messageResponseSchema,
    status: 200,
    errors: [404, 429],
  },
  checkResetToken: {
    method: 'GET',
    path: '/v4/passwordReset/{token}',
    summary: 'Check that a reset token is usable',
    auth: false,
    params: resetTokenPathSchema,
    response: resetTokenStatusSchema,
    status: 200,
    errors: [404],
  },
  setNewPassword: {
    method: 'PUT',
    path: '/v4/passwordReset/{token}',
    summary: 'Set a new password with a reset token; revokes all sessions',
    auth: false,
    params: resetTokenPathSchema,
    body: setNewPasswordRequestSchema,
    response: messageResponseSchema,
    status: 200,
    errors: [404],
  },
  countries: {
    method: 'GET',
    path: '/v4/countries',
    summary: 'Countries offered at sign-up, with dial codes and phone lengths',
    auth: false,
    response: countryListSchema,
    status: 200,
    errors: [],
  },
  // Discovery. Public calls except favourites; ids of the wrong shape answer 404.
  globalSearch: {
    method: 'GET',
    path: '/v4/globalSearch',
    summary:
      'Typeahead over providers, clinics, specialities, dental conditions and services (case, accent and typo tolerant)',
    auth: 'optional',
    query: globalSearchQuerySchema,
    headers: globalSearchHeadersSchema,
    response: globalSearchResponseSchema,
    status: 200,
    errors: [401, 403],
  },
  listProviders: {
    method: 'GET',
    path: '/v4/providers',
    summary: 'Providers near a point, filtered, sorted and paginated, with next slots',
    auth: false,
    query: providerListQuerySchema,
    response: providerPageSchema,
    status: 200,
    errors: [],
  },
  getProvider: {
    method: 'GET',
    path: '/v4/providers/{id}',
    summary: 'A provider page: profile, offices, insurance, latest reviews',
    auth: false,
    params: entityIdPathSchema,
    response: providerDetailSchema,
    status: 200,
    errors: [404],
  },
  listProviderReviews: {
    method: 'GET',
    path: '/v4/providers/{id}/reviews',
    summary: "A provider's reviews, newest first",
    auth: false,
    params: entityIdPathSchema,
    query: reviewListQuerySchema,
    response: reviewPageSchema,
    status: 200,
    errors: [404],
  },
  getProviderSlots: {
    method: 'GET',
    path: '/v4/providers/{id}/slots',
    summary: "Free 60-minute slots by day (morning, afternoon) in the office's time zone",
    auth: false,
    params: entityIdPathSchema,
    query: slotsQuerySchema,
    response: providerSlotsSchema,
    status: 200,
    errors: [404],
  },
  listClinics: {
    method: 'GET',
    path: '/v4/clinics',
    summary: 'Dental offices near a point, filtered, sorted and paginated, with next slots',
    auth: false,
    query: clinicListQuerySchema,
    response: clinicPageSchema,
    status: 200,
    errors: [],
  },
  getClinic: {
    method: 'GET',
    path: '/v4/clinics/{id}',
    summary: 'A dental office page: description, hours, offer, providers, latest reviews',
    auth: false,
    params: entityIdPathSchema,
    response: clinicDetailSchema,
    status: 200,
    errors: [404],
  },
  listClinicReviews: {
    method: 'GET',
    path: '/v4/clinics/{id}/reviews',
    summary: 'Reviews at a dental office, newest first',
    auth: false,
    params: entityIdPathSchema,
    query: reviewListQuerySchema,
    response: reviewPageSchema,
    status: 200,
    errors: [404],
  },
  listFavorites: {
    method: 'GET',
    path: '/v4/favorites',
    summary: "The user's favourite providers and clinics",
    auth: true,
    query: favoritesQuerySchema,
    response: favoritesSchema,
    status: 200,
    errors: [401],
  },
  listFavoriteIds: {
    method: 'GET',
    path: '/v4/favorites/ids',
    summary: "Ids of the user's favourite providers and clinics (for heart toggles)",
    auth: true,
    response: favoriteIdsSchema,
    status: 200,
    errors: [401],
  },
  addFavoriteProvider: {
    method: 'PUT',
    path: '/v4/favorites/providers/{id}',
    summary: 'Add a provider to favourites (idempotent)',
    auth: true,
    params: entityIdPathSchema,
    response: favoriteStatusSchema,
    status: 200,
    errors: [401, 404],
  },
  removeFavoriteProvider: {
    method: 'DELETE',
    path: '/v4/favorites/providers/{id}',
    summary: 'Remove a provider from favourites (idempotent)',
    auth: true,
    params: entityIdPathSchema,
    response: favoriteStatusSchema,
    status: 200,
    errors: [401, 404],
  },
  addFavoriteClinic: {
    method: 'PUT',
    path: '/v4/favorites/clinics/{id}',
    summary: 'Add a clinic to favourites (idempotent)',
    auth: true,
    params: entityIdPathSchema,
    response: favoriteStatusSchema,
    status: 200,
    errors: [401, 404],
  },
  removeFavoriteClinic: {
    method: 'DELETE',
    path: '/v4/favorites/clinics/{id}',
    summary: 'Remove a clinic from favourites (idempotent)',
    auth: true,
    params: entityIdPathSchema,
    response: favoriteStatusSchema,
    status: 200,
    errors: [401, 404],
  },
  specialties: {
    method: 'GET',
    path: '/v4/specialties',
    summary: 'Specialties (filter options)',
    auth: false,
    response: namedRefListSchema,
    status: 200,
    errors: [],
  },
  visitReasons: {
    method: 'GET',
    path: '/v4/visitReasons',
    summary: 'Visit reasons / dental conditions (filter options)',
    auth: false,
    response: namedRefListSchema,
    status: 200,
    errors: [],
  },
  services: {
    method: 'GET',
    path: '/v4/services',
    summary: 'Procedures and services offices offer (filter options)',
    auth: false,
    response: namedRefListSchema,
    status: 200,
    errors: [],
  },
  insuranceCarriers: {
    method: 'GET',
    path: '/v4/insuranceCarriers',
    summary: 'Insurance carriers with their plans (filter options)',
    auth: false,
    response: insuranceCarrierListSchema,
    status: 200,
    errors: [],
  },
  sitemapProviders: {
    method: 'GET',
    path: '/v4/sitemap/providers',
    summary: 'Provider ids with their last change, by page (sitemap.xml)',
    auth: false,
    query: sitemapQuerySchema,
    response: sitemapPageSchema,
    status: 200,
    errors: [],
  },
  sitemapClinics: {
    method: 'GET',
    path: '/v4/sitemap/clinics',
    summary: 'Clinic ids with their last change, by page (sitemap.xml)',
    auth: false,
    query: sitemapQuerySchema,
    response: sitemapPageSchema,
    status: 200,
    errors: [],
  },
  discoveryChanges: {
    method: 'GET',
    path: '/v4/discoveryChanges',
    summary: 'Provider and clinic pages changed since a cursor (page cache revalidation)',
    auth: false,
    query: discoveryChangesQuerySchema,
    response: discoveryChangesSchema,
    status: 200,
    errors: [],
  },
  // Geo (the maps adapter): location search for the web app and mobile apps alike. Public;
  // statuses follow the maps service's, so a client shows suggestions only on OK.
  geoAutocomplete: {
    method: 'GET',
    path: '/v4/geo/autocomplete',
    summary: 'Place suggestions for typed text, in the asked language, optionally near a point',
    auth: false,
    query: geoAutocompleteQuerySchema,
    response: geoAutocompleteResponseSchema,
    status: 200,
    errors: [],
  },
  geoGeocode: {
    method: 'GET',
    path: '/v4/geo/geocode',
    summary: 'Coordinates and address parts of a suggestion id, or of free text',
    auth: false,
    query: geoGeocodeQuerySchema,
    response: geoPlaceResponseSchema,
    status: 200,
    errors: [],
  },
  geoReverse: {
    method: 'GET',
    path: '/v4/geo/reverse',
    summary: 'The address and country at coordinates',
    auth: false,
    query: geoReverseQuerySchema,
    response: geoPlaceResponseSchema,
    status: 200,
    errors: [],
  },
  // Uploads: one pipeline for profile photos, teeth images and insurance cards.
  uploadImages: {
    method: 'POST',
    path: '/v4/images',
    summary:
      'Upload 1-5 PNG or JPEG images (under 10 MB each) as multipart/form-data; each is checked, re-encoded without metadata and stored for the patient, within their storage quota (413) and hourly upload budget (429)',
    auth: true,
    upload: {
      field: 'images',
      fields: imageUploadFieldsSchema,
      maxFiles: MAX_IMAGES_PER_UPLOAD,
      maxFileBytes: MAX_IMAGE_BYTES,
    },
    response: imageListSchema,
    status: 201,
    errors: [401, 413, 415, 429, 503],
  },
  getImage: {
    method: 'GET',
    path: '/v4/images/{id}',
    summary: "One of the patient's own images (another patient's id answers 404)",
    auth: true,
    params: imageIdPathSchema,
    response: z.unknown(),
    binaryResponse: ACCEPTED_IMAGE_TYPES,
    status: 200,
    errors: [401, 404, 503],
  },
  deleteImage: {
    method: 'DELETE',
    path: '/v4/images/{id}',
    summary: "Delete one of the patient's own images",
    auth: true,
    params: imageIdPathSchema,
    response: messageResponseSchema,
    status: 200,
    errors: [401, 404, 503],
  },
  // Booking: appointments, family members, saved cards, the office-facing API.
  bookAppointment: {
    method: 'POST',
    path: '/v4/appointments',
    summary:
      'Book a slot for the patient or a family member, paying the fee when one is due; idempotent per idempotencyKey',
    auth: true,
    body: bookAppointmentRequestSchema,
    response: appointmentSchema,
    status: 201,
    errors: [401, 402, 404, 409, 412, 429, 503],
  },
  listAppointments: {
    method: 'GET',
    path: '/v4/appointments',
    summary: "The patient's appointments by tab (upcoming, past, canceled), paged",
    auth: true,
    query: appointmentListQuerySchema,
    response: appointmentPageSchema,
    status: 200,
    errors: [401],
  },
  getAppointment: {
    method: 'GET',
    path: '/v4/appointments/{id}',
    summary: "One of the patient's appointments (another patient's id answers 404)",
    auth: true,
    params: appointmentIdPathSchema,
    response: appointmentSchema,
    status: 200,
    errors: [401, 404],
  },
  cancelAppointment: {
    method: 'PUT',
    path: '/v4/appointments/{id}/cancel',
    summary:
      'Cancel; refunds the fee through the gateway when at least 24 hours before the start; canceling again changes nothing',
    auth: true,
    params: appointmentIdPathSchema,
    response: appointmentSchema,
    status: 200,
    errors: [401, 404, 409],
  },
  rescheduleAppointment: {
    method: 'PUT',
    path: '/v4/appointments/{id}/reschedule',
    summary:
      'Move to another slot of the same provider; the new slot is taken before the old one is released, in one change',
    auth: true,
    params: appointmentIdPathSchema,
    body: rescheduleRequestSchema,
    response: appointmentSchema,
    status: 200,
    errors: [401, 404, 409, 412],
  },
  appointmentCalendar: {
    method: 'GET',
    path: '/v4/appointments/{id}/calendar',
    summary: 'The appointment as an iCalendar (.ics) file',
    auth: true,
    params: appointmentIdPathSchema,
    response: z.unknown(),
    binaryResponse: ['text/calendar'],
    status: 200,
    errors: [401, 404],
  },
  listFamily: {
    method: 'GET',
    path: '/v4/family',
    summary: "The patient's family members",
    auth: true,
    response: familyListSchema,
    status: 200,
    errors: [401],
  },
  addFamilyMember: {
    method: 'POST',
    path: '/v4/family',
    summary: 'Add a family member',
    auth: true,
    body: familyMemberRequestSchema,
    response: familyMemberSchema,
    status: 201,
    errors: [401],
  },
  updateFamilyMember: {
    method: 'PUT',
    path: '/v4/family/{id}',
    summary: 'Edit a family member',
    auth: true,
    params: familyMemberIdPathSchema,
    body: familyMemberRequestSchema,
    response: familyMemberSchema,
    status: 200,
    errors: [401, 404],
  },
  deleteFamilyMember: {
    method: 'DELETE',
    path: '/v4/family/{id}',
    summary: 'Remove a family member (their past appointments keep their name)',
    auth: true,
    params: familyMemberIdPathSchema,
    response: messageResponseSchema,
    status: 200,
    errors: [401, 404],
  },
  listCards: {
    method: 'GET',
    path: '/v4/cards',
    summary: "The patient's saved cards, default first",
    auth: true,
    response: savedCardListSchema,
    status: 200,
    errors: [401],
  },
  saveCard: {
    method: 'POST',
    path: '/v4/cards',
    summary: 'Save a card tokenised in the browser (opaque data only)',
    auth: true,
    body: saveCardRequestSchema,
    response: savedCardSchema,
    status: 201,
    errors: [401, 402, 503],
  },
  setDefaultCard: {
    method: 'PUT',
    path: '/v4/cards/{id}/default',
    summary: 'Make a saved card the default',
    auth: true,
    params: cardIdPathSchema,
    response: savedCardListSchema,
    status: 200,
    errors: [401, 404],
  },
  deleteCard: {
    method: 'DELETE',
    path: '/v4/cards/{id}',
    summary: 'Delete a saved card (also at the gateway)',
    auth: true,
    params: cardIdPathSchema,
    response: messageResponseSchema,
    status: 200,
    errors: [401, 404, 503],
  },
  // Account area: support requests and account deletion.
  supportEmail: {
    method: 'PUT',
    path: '/v4/supportEmail',
    summary:
      'Send a support request (body subject, message) to the support address; the patient gets an acknowledgement',
    auth: true,
    body: supportRequestSchema,
    response: messageResponseSchema,
    status: 200,
    errors: [401, 429],
  },
  deleteAccount: {
    method: 'PUT',
    path: '/v4/deleteFadAccount',
    summary:
      'Delete the account (query consent=true, empty body): cancels upcoming appointments under the 24-hour refund rule, removes saved cards, ends every session; logging in within 30 days restores it',
    auth: true,
    query: deleteAccountQuerySchema,
    response: deleteAccountResponseSchema,
    status: 200,
    errors: [401],
  },
  officeAppointments: {
    method: 'GET',
    path: '/v4/office/appointments',
    summary: "Office-facing: the office's appointments between two office-local dates (header x-office-key)",
    auth: false,
    headers: officeKeyHeadersSchema,
    query: officeAppointmentsQuerySchema,
    response: officeAppointmentListSchema,
    status: 200,
    errors: [401],
  },
  officeSetStatus: {
    method: 'PUT',
    path: '/v4/office/appointments/{id}/status',
    summary: 'Office-facing: confirm, complete (check in), mark no-show or cancel an appointment (header x-office-key)',
    auth: false,
    headers: officeKeyHeadersSchema,
    params: appointmentIdPathSchema,
    body: officeStatusRequestSchema,
    response: officeAppointmentSchema,
    status: 200,
    errors: [401, 404, 409],
  },
  // Account area: profile photo, insurance cards, the patient's reviews.
  setProfilePhoto: {
    method: 'PUT',
    path: '/v4/patientAppUser/photo',
    summary:
      'Make an uploaded image (POST /v4/images, purpose profile) the profile photo; the previous photo is deleted',
    auth: true,
    body: setProfilePhotoRequestSchema,
    response: userSchema,
    status: 200,
    errors: [401, 404, 503],
  },
  deleteProfilePhoto: {
    method: 'DELETE',
    path: '/v4/patientAppUser/photo',
    summary: 'Remove the profile photo (its image is deleted)',
    auth: true,
    response: userSchema,
    status: 200,
    errors: [401, 503],
  },
  listInsurance: {
    method: 'GET',
    path: '/v4/insurance',
    summary: "The patient's and each family member's insurance (null where none is saved)",
    auth: true,
    response: insuredPersonListSchema,
    status: 200,
    errors: [401],
  },
  updateMemberInsurance: {
    method: 'PUT',
    path: '/v4/updateFadMemberInsurance',
    summary:
      "Save the insurance of the patient or of one of their family members: a catalogue carrier and plan, the member id and the card's front and back images (both required, the patient's own, purpose insurance)",
    auth: true,
    body: updateMemberInsuranceRequestSchema,
    response: insuredPersonSchema,
    status: 200,
    errors: [401, 404],
  },
  listMyReviews: {
    method: 'GET',
    path: '/v4/reviews',
    summary: "The patient's reviews, newest first, and the completed visits awaiting a review",
    auth: true,
    response: myReviewsSchema,
    status: 200,
    errors: [401],
  },
  writeReview: {
    method: 'POST',
    path: '/v4/appointments/{id}/review',
    summary: "Review a completed appointment of the patient's, once (409 when not completed or already reviewed)",
    auth: true,
    params: appointmentIdPathSchema,
    body: reviewRequestSchema,
    response: myReviewSchema,
    status: 201,
    errors: [401, 404, 409],
  },
  updateReview: {
    method: 'PUT',
    path: '/v4/reviews/{id}',
    summary: "Edit one of the patient's reviews",
    auth: true,
    params: reviewIdPathSchema,
    body: reviewRequestSchema,
    response: myReviewSchema,
    status: 200,
    errors: [401, 404],
  },
  deleteReview: {
    method: 'DELETE',
    path: '/v4/reviews/{id}',
    summary: "Delete one of the patient's reviews",
    auth: true,
    params: reviewIdPathSchema,
    response: messageResponseSchema,
    status: 200,
    errors: [401, 404],
  },
  // Visit feedback: /submit-feedback's check and save; saved feedback is the visit's review.
  checkFeedback: {
    method: 'GET',
    path: '/v4/appointments/{id}/feedback',
    summary:
      "Check that feedback can be left on one of the patient's appointments: the visit, and its review if one is saved (409 when not completed)",
    auth: true,
    params: appointmentIdPathSchema,
    response: visitFeedbackSchema,
    status: 200,
    errors: [401, 404, 409],
  },
  saveFeedback: {
    method: 'POST',
    path: '/v4/appointments/{id}/feedback',
    summary:
      "Save feedback on a completed appointment of the patient's as its review, once (409 when not completed or already saved)",
    auth: true,
    params: appointmentIdPathSchema,
    body: reviewRequestSchema,
    response: visitFeedbackSchema,
    status: 201,
    errors: [401, 404, 409],
  },
  // Chat assistant: public; a token, when sent, ties a new conversation to the patient.
  sendAssistantMessage: {
    method: 'POST',
    path: '/v4/assistant/messages',
    summary: 'Send a message to the chat assistant; answers the conversation so far (limited per address)',
    auth: 'optional',
    body: assistantMessageRequestSchema,
    response: assistantConversationSchema,
    status: 200,
    errors: [401, 429],
  },
  getAssistantConversation: {
    method: 'GET',
    path: '/v4/assistant/conversations/{id}',
    summary: "A chat conversation by its id (unknown, expired or another patient's: 404)",
    auth: 'optional',
    params: conversationIdPathSchema,
    response: assistantConversationSchema,
    status: 200,
    errors: [401, 404],
  },
  // Practice listing requests: public, rate-limited per client address.
  submitPracticeRequest: {
    method: 'POST',
    path: '/v4/practiceRequests',
    summary:
      'A practice asks to be listed; the practice gets an acknowledgement and the team a notification, in the request language. The same NPI within 24 hours answers 409',
    auth: false,
    body: practiceRequestSchema,
    response: practiceRequestReceiptSchema,
    status: 201,
    errors: [409, 429],
  },
  // Earlier-slot waitlist: the patient's own appointments and offers only.
  getWaitlistStatus: {
    method: 'GET',
    path: '/v4/appointments/{id}/waitlist',
    summary: 'Whether the patient is told of earlier slots with the same provider for this appointment',
    auth: true,
    params: appointmentIdPathSchema,
    response: waitlistStatusSchema,
    status: 200,
    errors: [401, 404],
  },
  joinWaitlist: {
    method: 'PUT',
    path: '/v4/appointments/{id}/waitlist',
    summary:
      'Be told by email when an earlier slot with the same provider frees up (upcoming appointments only; joining again keeps the place in line)',
    auth: true,
    params: appointmentIdPathSchema,
    response: waitlistStatusSchema,
    status: 200,
    errors: [401, 404, 409],
  },
  leaveWaitlist: {
    method: 'DELETE',
    path: '/v4/appointments/{id}/waitlist',
    summary: 'Stop being told of earlier slots for this appointment (leaving twice changes nothing)',
    auth: true,
    params: appointmentIdPathSchema,
    response: waitlistStatusSchema,
    status: 200,
    errors: [401, 404],
  },
  getWaitlistOffer: {
    method: 'GET',
    path: '/v4/waitlistOffers/{id}',
    summary: "An earlier slot offered by email: the appointment's time, the offered one, and whether it is still open",
    auth: true,
    params: waitlistOfferIdPathSchema,
    response: waitlistOfferSchema,
    status: 200,
    errors: [401, 404],
  },
  acceptWaitlistOffer: {
    method: 'POST',
    path: '/v4/waitlistOffers/{id}/accept',
    summary:
      'Move the appointment to the offered earlier slot (a same-provider reschedule); 409 when it was taken meanwhile or no longer applies',
    auth: true,
    params: waitlistOfferIdPathSchema,
    response: appointmentSchema,
    status: 200,
    errors: [401, 404, 409],
  },
} as const satisfies Record<string, RouteContract>;

export type V4RouteId = keyof typeof v4Routes;

/**
 * Fills `{name}` segments, encoding each value. A value of `.` or `..` would be a dot segment
 * that the URL parser resolves (`/v4/passwordReset/.` became `/v4/passwordReset/`, another
 * route: a 405 instead of the 404 of an unknown token), and encoding the dots does not help
 * (`%2e` is a dot segment too). No path parameter can be dots, so such a value is sent as the
 * equally invalid `%2E`, which /v4 answers as it answers any unknown id.
 */
export function v4Path(id: V4RouteId, params: Record<string, string> = {}): string {
  return v4Routes[id].path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name] ?? '';
    return /^\.{1,2}$/.test(value) ? encodeURIComponent(value.replace(/\./g, '%2E')) : encodeURIComponent(value);
  });
}
