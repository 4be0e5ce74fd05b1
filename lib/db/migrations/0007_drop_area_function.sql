-- The listing's area scan reads provider_listings directly since the queries keep generic plans
-- (README "Decisions"): migration 0005's function, planned on every call and returning its rows
-- through a tuplestore, has no caller left.
DROP FUNCTION IF EXISTS discovery_area_listings(bigint[], bigint[]);
