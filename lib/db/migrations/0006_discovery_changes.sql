CREATE TABLE "discovery_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "discovery_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider_id" integer,
	"office_id" integer,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "discovery_changes_changed_at_idx" ON "discovery_changes" USING btree ("changed_at");--> statement-breakpoint
-- Statement triggers with transition tables: one INSERT per statement whatever its size, so a
-- seed of 100k providers costs a count, not a trigger call per row. TG_ARGV names the columns
-- holding the provider and the office id ('' for none); a table with neither (reference lists
-- shown by name on every page) and any statement over 1000 rows note "everything".
CREATE FUNCTION discovery_note_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  provider_column text := TG_ARGV[0];
  office_column text := TG_ARGV[1];
  changed integer;
BEGIN
  SELECT count(*) INTO changed FROM changed_rows;
  IF changed = 0 THEN
    RETURN NULL;
  END IF;
  IF changed > 1000 OR (provider_column = '' AND office_column = '') THEN
    INSERT INTO discovery_changes (provider_id, office_id) VALUES (NULL, NULL);
    RETURN NULL;
  END IF;
  INSERT INTO discovery_changes (provider_id, office_id)
  SELECT DISTINCT
         CASE WHEN provider_column <> '' THEN (to_jsonb(r) ->> provider_column)::integer END,
         CASE WHEN office_column <> '' THEN (to_jsonb(r) ->> office_column)::integer END
    FROM changed_rows r;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT * FROM (VALUES
      ('providers', 'id', ''),
      ('offices', '', 'id'),
      ('provider_offices', 'provider_id', 'office_id'),
      ('office_services', '', 'office_id'),
      ('provider_specialties', 'provider_id', ''),
      ('provider_visit_reasons', 'provider_id', ''),
      ('provider_insurance_plans', 'provider_id', ''),
      ('reviews', 'provider_id', 'office_id'),
      ('services', '', ''),
      ('specialties', '', ''),
      ('visit_reasons', '', ''),
      ('insurance_carriers', '', ''),
      ('insurance_plans', '', '')
    ) AS v(tbl, provider_column, office_column)
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION discovery_note_changes(%L, %L)',
                   t.tbl || '_discovery_insert', t.tbl, t.provider_column, t.office_column);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION discovery_note_changes(%L, %L)',
                   t.tbl || '_discovery_update', t.tbl, t.provider_column, t.office_column);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows '
                   'FOR EACH STATEMENT EXECUTE FUNCTION discovery_note_changes(%L, %L)',
                   t.tbl || '_discovery_delete', t.tbl, t.provider_column, t.office_column);
  END LOOP;
END
$$;
