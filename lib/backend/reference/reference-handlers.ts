import 'server-only';
import { v4Handler } from '../http/handler';
import { countries } from './reference-service';
import {
  insuranceCarrierList,
  serviceList,
  specialtyList,
  visitReasonList,
} from './catalogue-service';

/** Thin /v4 handlers of the reference lists: countries and the filters' catalogues. */
export const referenceHandlers = {
  // GET /v4/countries
  countries: v4Handler({ handle: ({ locale }) => countries(locale) }),
  // GET /v4/specialties
  specialties: v4Handler({ handle: ({ locale }) => specialtyList(locale) }),
  // GET /v4/visitReasons
  visitReasons: v4Handler({ handle: ({ locale }) => visitReasonList(locale) }),
  // GET /v4/services
  services: v4Handler({ handle: ({ locale }) => serviceList(locale) }),
  // GET /v4/insuranceCarriers
  insuranceCarriers: v4Handler({ handle: () => insuranceCarrierList() }),
};
