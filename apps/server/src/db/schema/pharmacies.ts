// Pharmacy directory and favorite pharmacies (0055): see features/pharmacies.
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { patient } from './core';

export type PharmacySpecialtyType = 'RETAIL' | 'MAIL_ORDER' | 'SPECIALTY' | 'INSTITUTIONAL';

export const pharmacy = pgTable('pharmacy', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  npi: text('npi').unique(),
  syntheticKey: text('synthetic_key').unique(),
  storeName: text('store_name').notNull(),
  phone: text('phone'),
  addressLine1: text('address_line1'),
  addressLine2: text('address_line2'),
  city: text('city'),
  state: text('state'),
  zip: text('zip'),
  country: text('country'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  specialtyType: text('specialty_type').$type<PharmacySpecialtyType>().notNull().default('RETAIL'),
  taxonomy: text('taxonomy'),
  source: text('source', { enum: ['synthetic', 'nppes'] }).notNull(),
  active: boolean('active').notNull().default(true),
  searchText: text('search_text').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const favoritePharmacy = pgTable(
  'favorite_pharmacy',
  {
    patientId: integer('patient_id')
      .notNull()
      .references(() => patient.id),
    pharmacyId: integer('pharmacy_id')
      .notNull()
      .references(() => pharmacy.id, { onDelete: 'cascade' }),
    addedAt: timestamp('added_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.pharmacyId] }),
    index('favorite_pharmacy_pharmacy').on(t.pharmacyId),
  ],
);

/**
 * The revision of the whole directory, moved on by migration 0493's trigger after every statement
 * that writes `pharmacy` (decision 315); one row, absent (revision 0) until the first such statement.
 */
export const pharmacyDirectoryRevision = pgTable('pharmacy_directory_revision', {
  id: boolean('id').primaryKey().default(true),
  revision: integer('revision').notNull(),
});
