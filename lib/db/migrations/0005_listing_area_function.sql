-- The provider_listings rows (migration 0004) carrying any code of the first array (and of the
-- second, when given): what a listing with a rare filter reads. Always through the GIN index of
-- area_tags: on a table of some thousands of rows the planner would rather scan it all, not
-- knowing that comparing two arrays of thirty codes on every row costs microseconds each.
CREATE OR REPLACE FUNCTION discovery_area_listings(codes bigint[], more_codes bigint[])
  RETURNS TABLE (provider_id integer, office_id integer, working_days smallint[], rating_average double precision,
                 review_count integer, teledental_fee_cents integer, geo earth, tags integer[])
  LANGUAGE sql STABLE
  SET enable_seqscan = off
  AS $$
    SELECT l.provider_id, l.office_id, l.working_days, l.rating_average, l.review_count, l.teledental_fee_cents, l.geo, l.tags
      FROM provider_listings l
     WHERE l.area_tags && codes AND (more_codes IS NULL OR l.area_tags && more_codes)
  $$;
