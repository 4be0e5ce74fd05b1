import 'server-only';
import { v4Handler } from '../api/v4-handler';
import { countries } from './reference-service';
import { insuranceCarrierList, serviceList, specialtyList, visitReasonList } from './catalogue-service';

/** Thin /v4 handlers of the reference lists: countries and the filters' catalogues. */
export const referenceHandlers = {
  // GET /v4/countries
  countries: v4Handler('countries', ({ locale }) => countries(locale)),
  // GET /v4/specialties
  specialties: v4Handler('specialties', ({ locale }) => specialtyList(locale)),
  // GET /v4/visitReasons
  visitReasons: v4Handler('visitReasons', ({ locale }) => visitReasonList(locale)),
  // GET /v4/services
  services: v4Handler('services', ({ locale }) => serviceList(locale)),
  // GET /v4/insuranceCarriers
  insuranceCarriers: v4Handler('insuranceCarriers', () => insuranceCarrierList()),
};
