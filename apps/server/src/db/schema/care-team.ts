// Provider directory and care teams (0050): see features/care-team.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import type { CareTeamAddress, ProviderTaxonomy } from '@dermis/contract';
import { patient } from './core';

export const nppesProvider = pgTable(
  'nppes_provider',
  {
    npi: text('npi').primaryKey(),
    entityType: smallint('entity_type').notNull(),
    lastNameLegalName: text('last_name_legal_name').notNull(),
    firstName: text('first_name'),
    middleName: text('middle_name'),
    namePrefix: text('name_prefix'),
    nameSuffix: text('name_suffix'),
    credential: text('credential'),
    taxonomies: jsonb('taxonomies').$type<ProviderTaxonomy[]>().notNull().default([]),
    primaryTaxonomy: text('primary_taxonomy'),
    addressLine1: text('address_line1'),
    addressLine2: text('address_line2'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    country: text('country'),
    phone: text('phone'),
    source: text('source', { enum: ['synthetic', 'nppes'] }).notNull(),
    searchText: text('search_text').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('nppes_provider_prefix').on(t.searchText)],
);

export const careTeamMember = pgTable(
  'care_team_member',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    patientId: integer('patient_id')
      .notNull()
      .references(() => patient.id),
    position: integer('position').notNull(),
    defaultReferringPhysician: boolean('default_referring_physician').notNull().default(false),
    name: text('name').notNull(),
    npi: text('npi'),
    credential: text('credential'),
    specialty: text('specialty'),
    addresses: jsonb('addresses').$type<CareTeamAddress[]>().notNull().default([]),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('care_team_member_position_unique').on(t.patientId, t.position)],
);

/**
 * The revision of a patient's care team, moved on by migration 0490's trigger with every change of a
 * member (decision 309); no row is revision 0.
 */
export const careTeamRevision = pgTable('care_team_revision', {
  patientId: integer('patient_id')
    .primaryKey()
    .references(() => patient.id, { onDelete: 'cascade' }),
  revision: integer('revision').notNull(),
});
