import 'server-only';
import { entityId } from '../entity-not-found';
import { v4Handler } from '../api/v4-handler';
import { clinicDetail } from './clinics-service';
import { listClinics } from '../search/listings-service';

/** Thin /v4 handlers of clinics: the listing and the clinic page. */
export const clinicHandlers = {
  // GET /v4/clinics - dental offices near a point
  listClinics: v4Handler('listClinics', ({ query, locale }) => listClinics(query, locale)),
  // GET /v4/clinics/{id}
  getClinic: v4Handler('getClinic', ({ params, locale }) => clinicDetail(entityId(params), locale)),
};
