import 'server-only';
import { clinicListQuerySchema } from '../../contracts/clinics';
import { parseQuery } from '../../http/query';
import { entityId } from '../entity-not-found';
import { v4Handler } from '../http/handler';
import { clinicDetail } from './clinics-service';
import { listClinics } from '../search/listing-service';

/** Thin /v4 handlers of clinics (issue 3): the listing and the clinic page. */
export const clinicHandlers = {
  // GET /v4/clinics - dental offices near a point
  listClinics: v4Handler({
    handle: ({ request, locale }) => listClinics(parseQuery(request, clinicListQuerySchema), locale),
  }),
  // GET /v4/clinics/{id}
  getClinic: v4Handler({ handle: ({ params, locale }) => clinicDetail(entityId(params), locale) }),
};
