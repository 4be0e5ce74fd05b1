import 'server-only';
import { v4Handler } from '../api/v4-handler';
import { discoveryChanges } from './discovery-changes-service';

/** Thin /v4 handler of the page cache feed. */
export const discoveryChangeHandlers = {
  // GET /v4/discoveryChanges - read by the page server to revalidate cached pages
  discoveryChanges: v4Handler('discoveryChanges', ({ query }) => discoveryChanges(query)),
};
