-- Dermis 0040: the edit-profile details of a patient (issue 8 item 5, spec 001 §3 "Patient profile").
-- One row per patient, created on the first save (or by the clinic's profile flags); a patient
-- without a row has every detail empty and every flag off.
CREATE TABLE patient_profile (
  patient_id integer PRIMARY KEY REFERENCES patient (id) ON DELETE CASCADE,
  middle_name text,
  suffix text,
  previous_name text,
  drivers_licence_number text,
  preferred_contact text
    CHECK (preferred_contact IN ('CELL_PHONE', 'HOME_PHONE', 'WORK_PHONE', 'OTHER_PHONE', 'FAX_NUMBER',
      'EMAIL_ADDRESS', 'US_MAIL')),
  gender_identity text
    CHECK (gender_identity IN ('MALE', 'FEMALE', 'FEMALE_TO_MALE', 'MALE_TO_FEMALE', 'GENDERQUEER',
      'OTHER', 'UNDISCLOSED')),
  gender_identity_other text,
  sexual_orientation text
    CHECK (sexual_orientation IN ('HETEROSEXUAL', 'HOMOSEXUAL', 'BISEXUAL', 'OTHER', 'UNKNOWN',
      'UNDISCLOSED')),
  sexual_orientation_other text,
  -- Codes as the reference lists give them; sub-values of a group are merged into races/ethnicities
  -- and also kept by group ([{group, values}]) so the form shows them under their parent.
  races text[] NOT NULL DEFAULT '{}',
  ethnicities text[] NOT NULL DEFAULT '{}',
  races_by_group jsonb NOT NULL DEFAULT '[]',
  ethnicities_by_group jsonb NOT NULL DEFAULT '[]',
  preferred_language_iso_code text,
  -- Set by the clinic (integration API): LK patients see the profile read-only; imported profiles
  -- keep their demographics; patients outside the USA need not give race, ethnicity and language.
  lk_patient boolean NOT NULL DEFAULT false,
  demographics_imported boolean NOT NULL DEFAULT false,
  non_usa boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Addresses name countries and states as the reference lists do (UNITED_STATES, FLORIDA); a state
-- is only required for the United States and Canada.
ALTER TABLE patient_address ALTER COLUMN state DROP NOT NULL;
ALTER TABLE patient_address ALTER COLUMN country SET DEFAULT 'UNITED_STATES';
UPDATE patient_address SET country = 'UNITED_STATES' WHERE country = 'US';
UPDATE patient_address SET country = 'CANADA' WHERE country = 'CA';
UPDATE patient_address a SET state = m.name
FROM (VALUES
    ('AL', 'ALABAMA'),
    ('AK', 'ALASKA'),
    ('AZ', 'ARIZONA'),
    ('AR', 'ARKANSAS'),
    ('CA', 'CALIFORNIA'),
    ('CO', 'COLORADO'),
    ('CT', 'CONNECTICUT'),
    ('DE', 'DELAWARE'),
    ('FL', 'FLORIDA'),
    ('GA', 'GEORGIA'),
    ('HI', 'HAWAII'),
    ('ID', 'IDAHO'),
    ('IL', 'ILLINOIS'),
    ('IN', 'INDIANA'),
    ('IA', 'IOWA'),
    ('KS', 'KANSAS'),
    ('KY', 'KENTUCKY'),
    ('LA', 'LOUISIANA'),
    ('ME', 'MAINE'),
    ('MD', 'MARYLAND'),
    ('MA', 'MASSACHUSETTS'),
    ('MI', 'MICHIGAN'),
    ('MN', 'MINNESOTA'),
    ('MS', 'MISSISSIPPI'),
    ('MO', 'MISSOURI'),
    ('MT', 'MONTANA'),
    ('NE', 'NEBRASKA'),
    ('NV', 'NEVADA'),
    ('NH', 'NEW_HAMPSHIRE'),
    ('NJ', 'NEW_JERSEY'),
    ('NM', 'NEW_MEXICO'),
    ('NY', 'NEW_YORK'),
    ('NC', 'NORTH_CAROLINA'),
    ('ND', 'NORTH_DAKOTA'),
    ('OH', 'OHIO'),
    ('OK', 'OKLAHOMA'),
    ('OR', 'OREGON'),
    ('PA', 'PENNSYLVANIA'),
    ('RI', 'RHODE_ISLAND'),
    ('SC', 'SOUTH_CAROLINA'),
    ('SD', 'SOUTH_DAKOTA'),
    ('TN', 'TENNESSEE'),
    ('TX', 'TEXAS'),
    ('UT', 'UTAH'),
    ('VT', 'VERMONT'),
    ('VA', 'VIRGINIA'),
    ('WA', 'WASHINGTON'),
    ('WV', 'WEST_VIRGINIA'),
    ('WI', 'WISCONSIN'),
    ('WY', 'WYOMING'),
    ('DC', 'DISTRICT_OF_COLUMBIA'),
    ('AS', 'AMERICAN_SAMOA'),
    ('GU', 'GUAM'),
    ('MP', 'NORTHERN_MARIANA_ISLANDS'),
    ('PR', 'PUERTO_RICO'),
    ('VI', 'US_VIRGIN_ISLANDS'),
    ('FM', 'FEDERATED_STATES_OF_MICRONESIA'),
    ('MH', 'MARSHALL_ISLANDS'),
    ('PW', 'PALAU'),
    ('AA', 'ARMED_FORCES_AMERICAS'),
    ('AE', 'ARMED_FORCES_EUROPE'),
    ('AP', 'ARMED_FORCES_PACIFIC')
) AS m (code, name)
WHERE a.country = 'UNITED_STATES' AND a.state = m.code;
UPDATE patient_address a SET state = m.name
FROM (VALUES
    ('AB', 'ALBERTA'),
    ('BC', 'BRITISH_COLUMBIA'),
    ('MB', 'MANITOBA'),
    ('NB', 'NEW_BRUNSWICK'),
    ('NL', 'NEWFOUNDLAND_AND_LABRADOR'),
    ('NS', 'NOVA_SCOTIA'),
    ('ON', 'ONTARIO'),
    ('PE', 'PRINCE_EDWARD_ISLAND'),
    ('QC', 'QUEBEC'),
    ('SK', 'SASKATCHEWAN'),
    ('NT', 'NORTHWEST_TERRITORIES'),
    ('NU', 'NUNAVUT'),
    ('YT', 'YUKON')
) AS m (code, name)
WHERE a.country = 'CANADA' AND a.state = m.code;
