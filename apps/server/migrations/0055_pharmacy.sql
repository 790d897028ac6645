-- Pharmacy directory and favorite pharmacies (issue 10, decision 086).
--
-- pharmacy: one row per pharmacy location. Filled by `dermis nppes:import` from the organization rows
-- (entity type 2) of the NPPES file whose taxonomy is a pharmacy (3336*), and with a synthetic set
-- around the demo clinic by the demo seed and `dermis pharmacy:synthetic` (source 'synthetic', no
-- NPI, identified by synthetic_key). Coordinates are the ZIP centroid of the practice location
-- (bundled US Census ZCTA list) unless a better one is known; null when the ZIP is unknown. Search
-- is by word prefix and trigram similarity over search_text (store name, street, city, ZIP in the
-- shared searchable form: lower case, no diacritics, leading space), like nppes_provider.
-- A pharmacy the NPPES file deactivates is kept with active = false: a patient's favorite stays
-- readable, the searches no longer offer it.
CREATE TABLE pharmacy (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  npi text UNIQUE CHECK (npi ~ '^[12][0-9]{9}$'),
  synthetic_key text UNIQUE,
  store_name text NOT NULL CHECK (length(store_name) BETWEEN 1 AND 300),
  phone text,
  address_line1 text,
  address_line2 text,
  city text,
  state text,
  zip text,
  country text,
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  -- RETAIL (community/retail pharmacy, or the generic pharmacy taxonomy), MAIL_ORDER, SPECIALTY,
  -- INSTITUTIONAL; the portal offers RETAIL (spec 001 §7, §9).
  specialty_type text NOT NULL DEFAULT 'RETAIL'
    CHECK (specialty_type IN ('RETAIL', 'MAIL_ORDER', 'SPECIALTY', 'INSTITUTIONAL')),
  taxonomy text,
  source text NOT NULL CHECK (source IN ('synthetic', 'nppes')),
  active boolean NOT NULL DEFAULT true,
  search_text text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT pharmacy_coordinates CHECK ((latitude IS NULL) = (longitude IS NULL)),
  CONSTRAINT pharmacy_identity CHECK ((npi IS NULL) <> (synthetic_key IS NULL))
);

CREATE INDEX pharmacy_trgm ON pharmacy USING gin (search_text gin_trgm_ops);
-- Nearest-first: a latitude/longitude box around the ZIP centroid, then the exact distance.
CREATE INDEX pharmacy_location ON pharmacy (latitude, longitude)
  WHERE active AND specialty_type = 'RETAIL' AND latitude IS NOT NULL;

-- A patient's favorite pharmacies (spec 001 §3, §4), in the order added.
CREATE TABLE favorite_pharmacy (
  patient_id integer NOT NULL REFERENCES patient (id),
  pharmacy_id integer NOT NULL REFERENCES pharmacy (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (patient_id, pharmacy_id)
);
CREATE INDEX favorite_pharmacy_pharmacy ON favorite_pharmacy (pharmacy_id);
