/**
 * Pins the RxNorm codes of the starter drugs (docs/decisions/140-rxnorm-starter-verification.md):
 * a changed code, a new drug without a source, or a code moving in or out of 'unverified' has to be
 * a deliberate edit of this file and of decision 140, not an accident of the curated list.
 */
import { describe, expect, it } from 'vitest';
import { starterDrugs } from './starter-curated';

const byName = new Map(starterDrugs.map((d) => [d.name, d]));

describe('starter drug codes', () => {
  it('keeps the verified codes of the dermatology drugs', () => {
    const pinned = {
      doxycycline: ['3640', 'IN', 'omop'],
      isotretinoin: ['6064', 'IN', 'rxnav'],
      minocycline: ['6980', 'IN', 'rxnav'],
      methotrexate: ['6851', 'IN', 'cpic'],
      dupilumab: ['1876376', 'IN', 'rxnav'],
      hydrocortisone: ['5492', 'IN', 'rxnav'],
      triamcinolone: ['10759', 'IN', 'cpic'],
      spironolactone: ['9997', 'IN', 'cpic'],
      terbinafine: ['37801', 'IN', 'cpic'],
      cyclosporine: ['3008', 'IN', 'cpic'],
      tacrolimus: ['42316', 'IN', 'cpic'],
      hydroxychloroquine: ['5521', 'IN', 'cpic'],
      fluorouracil: ['4492', 'IN', 'cpic'],
      ivermectin: ['6069', 'IN', 'rxnav'],
      dapsone: ['3108', 'IN', 'cpic'],
      acyclovir: ['281', 'IN', 'rxnav'],
      valacyclovir: ['73645', 'IN', 'rxnav'],
      'isotretinoin 10 MG Oral Capsule': ['197843', 'SCD', 'nlm-page'],
      'isotretinoin 20 MG Oral Capsule': ['197844', 'SCD', 'nlm-page'],
      'isotretinoin 30 MG Oral Capsule': ['403930', 'SCD', 'nlm-page'],
      'isotretinoin 40 MG Oral Capsule': ['197845', 'SCD', 'nlm-page'],
      'tretinoin 0.1 % Topical Gel': ['313453', 'SCD', 'nlm-page'],
      'tretinoin 0.025 % Topical Lotion': ['106304', 'SCD', 'nlm-page'],
      'hydrocortisone 1 % Topical Ointment': ['203105', 'SCD', 'nlm-page'],
      'hydrocortisone 10 MG/ML Topical Cream': ['106258', 'SCD', 'omop'],
      'alclometasone dipropionate 0.05 % Topical Cream': ['855474', 'SCD', 'nlm-page'],
      'alclometasone dipropionate 0.05 % Topical Ointment': ['855480', 'SCD', 'nlm-page'],
      'methotrexate 10 MG Oral Tablet': ['105586', 'SCD', 'omop'],
      'doxycycline monohydrate 50 MG Oral Tablet': ['1652673', 'SCD', 'omop'],
    } as const;
    for (const [name, [rxcui, tty, verifiedBy]] of Object.entries(pinned))
      expect(byName.get(name), name).toEqual({ rxcui, name, tty, verifiedBy });
  });

  it('marks exactly the codes no reachable source confirmed, and keeps their codes', () => {
    const unverified = starterDrugs
      .filter((d) => d.verifiedBy === 'unverified')
      .map((d) => `${d.rxcui} ${d.name}`);
    expect(unverified.sort()).toEqual(
      [
        '10753 tretinoin',
        '2590 clobetasol',
        '2582 clindamycin',
        '4450 fluconazole',
        '6135 ketoconazole',
        '327361 adalimumab',
        '214555 etanercept',
        '847083 ustekinumab',
        '1599788 secukinumab',
        '1492727 apremilast',
        '6922 metronidazole',
        '25025 finasteride',
        '6984 minoxidil',
      ].sort(),
    );
  });

  it('never ships a code that is known to name another drug', () => {
    // 2598 is clonazepam (0031 gave it to clobetasol; 0053), 835900 an SBDC of Neoral 100 MG (0099).
    const knownWrong = new Set(['2598', '835900']);
    for (const d of starterDrugs) expect(knownWrong.has(d.rxcui), `${d.rxcui} ${d.name}`).toBe(false);
  });

  it('gives every drug one code, every code one drug, and ingredients as lower-case RxNorm names', () => {
    expect(new Set(starterDrugs.map((d) => d.rxcui)).size).toBe(starterDrugs.length);
    expect(new Set(starterDrugs.map((d) => d.name)).size).toBe(starterDrugs.length);
    for (const d of starterDrugs) {
      expect(d.rxcui, d.name).toMatch(/^[1-9]\d{1,7}$/);
      if (d.tty === 'IN') expect(d.name, d.rxcui).toMatch(/^[a-z][a-z -]*[a-zA-Z]$/);
    }
  });
});
