import { searchDefaultMaxResults, terminologyCalls, attributeIdOf, type ListSection } from '@dermis/contract';
import type { HttpClient } from '../../../lib/api';
import type { SearchOption } from '../components/history-search';

/** POST fdb/search/searchAllergensByName: id, description and typeInt (kept as the item's custom value). */
async function searchAllergens(client: HttpClient, searchText: string): Promise<SearchOption[]> {
  const found = await client.call(terminologyCalls.searchAllergensByName, {
    body: {
      searchText,
      generateResultAsList: true,
      maxResults: searchDefaultMaxResults,
      prioritizeResults: true,
    },
  });
  return found.map((a) => ({ key: a.id, label: a.description, customValue: String(a.typeInt) }));
}

/** POST prescription/searchPrescriptionsByFilter: drugNameId, name and conceptType. */
async function searchDrugs(client: HttpClient, searchText: string): Promise<SearchOption[]> {
  const found = await client.call(terminologyCalls.searchPrescriptionsByFilter, {
    body: {
      searchText,
      searchType: 'ALL',
      generateResultAsList: true,
      maxResults: searchDefaultMaxResults,
      prioritizeResults: true,
    },
  });
  return found.map((d) => ({ key: d.drugNameId, label: d.name, customValue: d.conceptType }));
}

/** POST subjective/searchSnomed: conceptId and preferred term, searched in the section's concepts. */
async function searchSnomed(
  client: HttpClient,
  section: ListSection,
  searchText: string,
): Promise<SearchOption[]> {
  const found = await client.call(terminologyCalls.searchSnomed, {
    body: {
      searchText,
      sectionId: section,
      attributeId: attributeIdOf(section, 1),
      maxResults: searchDefaultMaxResults,
    },
  });
  return found.map((c) => ({ key: c.conceptId, label: c.preferredTerm, customValue: null }));
}

/** The search of each list (spec 001 §7): allergens, drugs, or SNOMED CT concepts of the section. */
export function searchFor(
  client: HttpClient,
  section: ListSection,
): (text: string) => Promise<SearchOption[]> {
  if (section === 'ALLERGIES') return (text) => searchAllergens(client, text);
  if (section === 'MEDICATIONS') return (text) => searchDrugs(client, text);
  return (text) => searchSnomed(client, section, text);
}
