/** The three terminology searches of spec 001 §7, answered from the terminology store. */
import {
  allergenType,
  drugConceptTypes,
  snomedSectionTags,
  type AllergenSearchResult,
  type DrugConceptType,
  type DrugSearchResult,
  type SnomedSearchResult,
  type SnomedSearchSection,
} from '@dermis/contract';
import type { Db } from '../../db/database';
import { scopes, searchTerms } from './terminology.repository';

export async function searchAllergens(db: Db, text: string, limit: number): Promise<AllergenSearchResult[]> {
  const rows = await searchTerms(db, scopes.allergens(), text, limit);
  return rows.map((row) => ({
    id: row.code,
    description: row.term,
    typeInt: row.typeInt ?? (row.domain === 'DRUG' ? allergenType.DRUG : allergenType.OTHER_SUBSTANCE),
    codeSystem: row.codeSystem,
  }));
}

export async function searchDrugs(db: Db, text: string, limit: number): Promise<DrugSearchResult[]> {
  const rows = await searchTerms(db, scopes.drugs(drugConceptTypes), text, limit);
  return rows.map((row) => ({
    drugNameId: row.code,
    name: row.term,
    conceptType: row.kind as DrugConceptType,
  }));
}

export async function searchSnomedConcepts(
  db: Db,
  text: string,
  section: SnomedSearchSection,
  limit: number,
): Promise<SnomedSearchResult[]> {
  const rows = await searchTerms(db, scopes.snomed(snomedSectionTags[section]), text, limit);
  return rows.map((row) => ({ conceptId: row.code, preferredTerm: row.term }));
}
