import { describe, expect, it } from 'vitest';
import { v4Routes, type V4RouteId } from '../../contracts/routes';
import { v4Handlers } from './handlers';

/*
 * Each /v4 route is declared once, in lib/contracts/routes.ts: its handler is built from that
 * entry by name (v4Handler('id', ...)), so it must sit under the same name in the handler table.
 */
describe('the handler table', () => {
  it('has one handler per route, built from that route', () => {
    expect(Object.keys(v4Handlers).sort()).toEqual(Object.keys(v4Routes).sort());
    for (const id of Object.keys(v4Routes) as V4RouteId[]) expect(v4Handlers[id].routeId, id).toBe(id);
  });
});
