/**
 * The hand-curated part of the terminology starter set (migration 0031, written by
 * generate-starter-migration.ts): patient-friendly labels for common dermatology and general
 * problems and procedures, and common drugs by RxNorm name. Every SNOMED CT code here is checked by
 * the generator against the SNOMED International Global Patient Set (it refuses a code that is not
 * in the GPS with the stated semantic tag); the label is ours, the code and concept are SNOMED's.
 *
 * Drug codes are RxNorm RXCUIs, each with the term type RxNorm gives the concept. `verifiedBy` names
 * the kind of source that gives the same RXCUI for the same name and term type; the sources
 * themselves are listed code by code in docs/decisions/140-rxnorm-starter-verification.md:
 *  - 'omop': the RxNorm concept (code, name, concept class) in the OHDSI OMOP standardised
 *    vocabulary, as shipped in OHDSI/Eunomia's CONCEPT.csv;
 *  - 'nlm-page': the NLM RxNorm concept (term types, atoms) as republished per RXCUI by ndclist.com;
 *  - 'cpic': the RxNorm id of the ingredient in CPIC's drug table (cpicpgx/cpic-data db/drug.sql);
 *  - 'vsac': a VSAC eCQM value set expansion (ingredient value sets, eCQM update 2021-05-06);
 *  - 'rxnav': an answer of NLM's RxNav or RxClass recorded in a public repository;
 *  - 'synthea': only Synthea's RxNorm-coded data (../shared/refdata/synthea-codes) or allergy modules
 *    (../shared/refdata/clinical-picklists/allergens.json) give it; weaker, as one of Synthea's
 *    displays proved wrong (0099);
 *  - 'unverified': no source of those kinds could be reached for it. Kept, marked, and pinned by
 *    starter-drugs.test.ts (decision 140 says why); re-check against RxNav before relying on it.
 * For clinical drugs whose RxNorm name spells the strength in MG/MG or MG/ML, the term is the
 * concept's prescribable name (PSN, "0.1 %"): same RXCUI, the name a prescriber sees.
 * Corrections after 0031 shipped live in later migrations (0053: clobetasol was 2598, clonazepam;
 * 0099: 835900 is not cyclosporine 50 MG Oral Capsule).
 * A practice that imports the RxNorm release (`dermis terminology:import-rxnorm`) gets every drug
 * with the release's own codes.
 */

/** Priorities: patient-friendly labels first, curated lists next, GPS FSN-derived terms last. */
export const starterPriority = {
  friendly: 100,
  allergen: 90,
  ingredient: 80,
  clinicalDrug: 40,
  gps: 20,
} as const;

/** [SNOMED CT concept id, patient-friendly label, semantic tag in the GPS]. */
export type FriendlySnomed = readonly [
  code: string,
  label: string,
  tag: 'disorder' | 'finding' | 'procedure',
];

export const friendlyProblems: readonly FriendlySnomed[] = [
  // Dermatology
  ['11381005', 'Acne', 'disorder'],
  ['9014002', 'Psoriasis', 'disorder'],
  ['37042000', 'Guttate psoriasis', 'disorder'],
  ['24079001', 'Eczema (atopic dermatitis)', 'disorder'],
  ['43116000', 'Eczema', 'disorder'],
  ['81418003', 'Nummular eczema', 'disorder'],
  ['398909004', 'Rosacea', 'disorder'],
  ['93655004', 'Melanoma (skin cancer)', 'disorder'],
  ['254701007', 'Basal cell skin cancer', 'disorder'],
  ['254651007', 'Squamous cell skin cancer', 'disorder'],
  ['372130007', 'Skin cancer', 'disorder'],
  ['201101007', 'Actinic keratosis (sun damage spots)', 'disorder'],
  ['56727007', 'Vitiligo', 'disorder'],
  ['68225006', 'Alopecia areata (patchy hair loss)', 'disorder'],
  ['56317004', 'Hair loss (alopecia)', 'disorder'],
  ['87872006', 'Male pattern baldness', 'disorder'],
  ['59393003', 'Hidradenitis suppurativa', 'disorder'],
  ['126485001', 'Hives (urticaria)', 'disorder'],
  ['40275004', 'Contact dermatitis', 'disorder'],
  ['238575004', 'Allergic contact dermatitis', 'disorder'],
  ['50563003', 'Seborrheic dermatitis (dandruff)', 'disorder'],
  ['57019003', 'Common wart', 'disorder'],
  ['63440008', 'Plantar wart', 'disorder'],
  ['6020002', "Athlete's foot", 'disorder'],
  ['414941008', 'Nail fungus', 'disorder'],
  ['4740000', 'Shingles', 'disorder'],
  ['1475003', 'Cold sores', 'disorder'],
  ['88594005', 'Herpes simplex', 'disorder'],
  ['128045006', 'Cellulitis', 'disorder'],
  ['48277006', 'Impetigo', 'disorder'],
  ['4776004', 'Lichen planus', 'disorder'],
  ['33659008', 'Keloid scar', 'disorder'],
  ['36209000', 'Melasma', 'disorder'],
  ['312230002', 'Excessive sweating (hyperhidrosis)', 'disorder'],
  ['400096001', 'Mole', 'disorder'],
  ['16386004', 'Dry skin', 'finding'],
  ['418363000', 'Itchy skin', 'finding'],
  ['13600006', 'Folliculitis', 'disorder'],
  ['416675009', 'Boil', 'disorder'],
  ['31928004', 'Skin abscess', 'disorder'],
  ['419893006', 'Epidermoid cyst', 'disorder'],
  ['93163002', 'Lipoma', 'disorder'],
  ['400097005', 'Ingrown nail', 'disorder'],
  ['47639008', 'Pilonidal cyst', 'disorder'],
  ['77252004', 'Pityriasis rosea', 'disorder'],
  ['56454009', 'Tinea versicolor', 'disorder'],
  ['5132005', 'Keratosis pilaris', 'disorder'],
  ['238751002', 'Perioral dermatitis', 'disorder'],
  ['77090002', 'Bullous pemphigoid', 'disorder'],
  ['65172003', 'Pemphigus', 'disorder'],
  ['396230008', 'Dermatomyositis', 'disorder'],
  ['49883006', 'Skin yeast infection', 'disorder'],
  ['58759008', 'Intertrigo', 'disorder'],
  ['95324001', 'Skin lesion', 'disorder'],
  // General
  ['38341003', 'High blood pressure', 'disorder'],
  ['44054006', 'Type 2 diabetes', 'disorder'],
  ['46635009', 'Type 1 diabetes', 'disorder'],
  ['195967001', 'Asthma', 'disorder'],
  ['35489007', 'Depression', 'disorder'],
  ['197480006', 'Anxiety', 'disorder'],
  ['40930008', 'Underactive thyroid (hypothyroidism)', 'disorder'],
  ['13644009', 'High cholesterol', 'disorder'],
  ['37796009', 'Migraine', 'disorder'],
  ['235595009', 'Acid reflux (GERD)', 'disorder'],
  ['396275006', 'Osteoarthritis', 'disorder'],
  ['69896004', 'Rheumatoid arthritis', 'disorder'],
  ['414916001', 'Obesity', 'disorder'],
  ['61582004', 'Hay fever (allergic rhinitis)', 'disorder'],
  ['13645005', 'COPD (chronic obstructive lung disease)', 'disorder'],
  ['53741008', 'Coronary artery disease', 'disorder'],
  ['49436004', 'Atrial fibrillation', 'disorder'],
  ['84114007', 'Heart failure', 'disorder'],
  ['709044004', 'Chronic kidney disease', 'disorder'],
  ['55464009', 'Lupus (systemic lupus erythematosus)', 'disorder'],
  ['57406009', 'Carpal tunnel syndrome', 'disorder'],
];

export const friendlyProcedures: readonly FriendlySnomed[] = [
  ['240977001', 'Skin biopsy', 'procedure'],
  ['72342005', 'Shave biopsy', 'procedure'],
  ['35646002', 'Removal of a skin lesion', 'procedure'],
  ['301890004', 'Removal of a skin cyst', 'procedure'],
  ['309430005', 'Skin tag removal', 'procedure'],
  ['302396003', 'Freezing of a skin lesion (cryotherapy)', 'procedure'],
  ['38102005', 'Gallbladder removal (cholecystectomy)', 'procedure'],
  ['173422009', 'Tonsil removal (tonsillectomy)', 'procedure'],
  ['28913000', 'Tonsil and adenoid removal', 'procedure'],
  ['11466000', 'C-section (cesarean section)', 'procedure'],
  ['236886002', 'Hysterectomy', 'procedure'],
  ['609588000', 'Knee replacement', 'procedure'],
  ['309431009', 'Knee arthroscopy', 'procedure'],
  ['50465008', 'Hernia repair', 'procedure'],
  ['232717009', 'Heart bypass surgery (CABG)', 'procedure'],
  ['418285008', 'Angioplasty', 'procedure'],
  ['385468004', 'Cataract surgery', 'procedure'],
  ['72310004', 'Circumcision', 'procedure'],
];

export type RxNormTermType = 'IN' | 'PIN' | 'MIN' | 'BN' | 'SCD' | 'SBD' | 'GPCK' | 'BPCK';

export type DrugCodeSource = 'omop' | 'nlm-page' | 'cpic' | 'vsac' | 'rxnav' | 'synthea' | 'unverified';

export interface StarterDrug {
  rxcui: string;
  name: string;
  tty: RxNormTermType;
  verifiedBy: DrugCodeSource;
}

const drug = (rxcui: string, name: string, tty: RxNormTermType, verifiedBy: DrugCodeSource): StarterDrug => ({
  rxcui,
  name,
  tty,
  verifiedBy,
});

export const starterDrugs: readonly StarterDrug[] = [
  // Dermatology ingredients
  drug('3640', 'doxycycline', 'IN', 'omop'),
  drug('6980', 'minocycline', 'IN', 'rxnav'),
  drug('6064', 'isotretinoin', 'IN', 'rxnav'),
  drug('6851', 'methotrexate', 'IN', 'cpic'),
  drug('10753', 'tretinoin', 'IN', 'unverified'),
  // Was 2598 (clonazepam) in 0031; corrected by migration 0053. 2590 is still unverified (decision 140).
  drug('2590', 'clobetasol', 'IN', 'unverified'),
  drug('1876376', 'dupilumab', 'IN', 'rxnav'),
  drug('5492', 'hydrocortisone', 'IN', 'rxnav'),
  drug('10759', 'triamcinolone', 'IN', 'cpic'),
  drug('2582', 'clindamycin', 'IN', 'unverified'),
  drug('9997', 'spironolactone', 'IN', 'cpic'),
  drug('37801', 'terbinafine', 'IN', 'cpic'),
  drug('4450', 'fluconazole', 'IN', 'unverified'),
  drug('6135', 'ketoconazole', 'IN', 'unverified'),
  drug('3008', 'cyclosporine', 'IN', 'cpic'),
  drug('42316', 'tacrolimus', 'IN', 'cpic'),
  drug('5521', 'hydroxychloroquine', 'IN', 'cpic'),
  drug('327361', 'adalimumab', 'IN', 'unverified'),
  drug('214555', 'etanercept', 'IN', 'unverified'),
  drug('847083', 'ustekinumab', 'IN', 'unverified'),
  drug('1599788', 'secukinumab', 'IN', 'unverified'),
  drug('1492727', 'apremilast', 'IN', 'unverified'),
  drug('4492', 'fluorouracil', 'IN', 'cpic'),
  drug('6069', 'ivermectin', 'IN', 'rxnav'),
  drug('6922', 'metronidazole', 'IN', 'unverified'),
  drug('3108', 'dapsone', 'IN', 'cpic'),
  drug('25025', 'finasteride', 'IN', 'unverified'),
  drug('6984', 'minoxidil', 'IN', 'unverified'),
  drug('281', 'acyclovir', 'IN', 'rxnav'),
  drug('73645', 'valacyclovir', 'IN', 'rxnav'),
  // Common ingredients
  drug('723', 'amoxicillin', 'IN', 'rxnav'),
  drug('2231', 'cephalexin', 'IN', 'rxnav'),
  drug('7984', 'penicillin V', 'IN', 'omop'),
  drug('8640', 'prednisone', 'IN', 'rxnav'),
  drug('5640', 'ibuprofen', 'IN', 'omop'),
  drug('161', 'acetaminophen', 'IN', 'rxnav'),
  drug('1191', 'aspirin', 'IN', 'cpic'),
  drug('7258', 'naproxen', 'IN', 'omop'),
  drug('29046', 'lisinopril', 'IN', 'vsac'),
  drug('6809', 'metformin', 'IN', 'cpic'),
  drug('83367', 'atorvastatin', 'IN', 'cpic'),
  drug('36567', 'simvastatin', 'IN', 'cpic'),
  drug('10582', 'levothyroxine', 'IN', 'omop'),
  drug('7646', 'omeprazole', 'IN', 'cpic'),
  drug('17767', 'amlodipine', 'IN', 'omop'),
  drug('6918', 'metoprolol', 'IN', 'cpic'),
  drug('52175', 'losartan', 'IN', 'vsac'),
  drug('36437', 'sertraline', 'IN', 'cpic'),
  drug('435', 'albuterol', 'IN', 'cpic'), // CPIC lists it under its INN, salbutamol
  drug('20610', 'cetirizine', 'IN', 'rxnav'),
  drug('28889', 'loratadine', 'IN', 'omop'),
  drug('11289', 'warfarin', 'IN', 'cpic'),
  // Clinical drugs
  drug('197843', 'isotretinoin 10 MG Oral Capsule', 'SCD', 'nlm-page'),
  drug('197844', 'isotretinoin 20 MG Oral Capsule', 'SCD', 'nlm-page'),
  drug('403930', 'isotretinoin 30 MG Oral Capsule', 'SCD', 'nlm-page'),
  drug('197845', 'isotretinoin 40 MG Oral Capsule', 'SCD', 'nlm-page'),
  drug('313453', 'tretinoin 0.1 % Topical Gel', 'SCD', 'nlm-page'),
  drug('106304', 'tretinoin 0.025 % Topical Lotion', 'SCD', 'nlm-page'),
  drug('203105', 'hydrocortisone 1 % Topical Ointment', 'SCD', 'nlm-page'),
  drug('106258', 'hydrocortisone 10 MG/ML Topical Cream', 'SCD', 'omop'),
  drug('855474', 'alclometasone dipropionate 0.05 % Topical Cream', 'SCD', 'nlm-page'),
  drug('855480', 'alclometasone dipropionate 0.05 % Topical Ointment', 'SCD', 'nlm-page'),
  drug('105586', 'methotrexate 10 MG Oral Tablet', 'SCD', 'omop'),
  drug('1652673', 'doxycycline monohydrate 50 MG Oral Tablet', 'SCD', 'omop'),
  // 835900 'cyclosporine 50 MG Oral Capsule' (0031) is an SBDC of Neoral 100 MG: removed by 0099.
  drug('312617', 'prednisone 5 MG Oral Tablet', 'SCD', 'omop'),
  drug('311372', 'loratadine 10 MG Oral Tablet', 'SCD', 'omop'),
  drug('1014676', 'cetirizine hydrochloride 5 MG Oral Tablet', 'SCD', 'omop'),
  drug('310965', 'ibuprofen 200 MG Oral Tablet', 'SCD', 'omop'),
  drug('313782', 'acetaminophen 325 MG Oral Tablet', 'SCD', 'omop'),
  drug('243670', 'aspirin 81 MG Oral Tablet', 'SCD', 'omop'),
  drug('308192', 'amoxicillin 500 MG Oral Tablet', 'SCD', 'omop'),
  drug('308182', 'amoxicillin 250 MG Oral Capsule', 'SCD', 'omop'),
  drug('834102', 'penicillin V potassium 500 MG Oral Tablet', 'SCD', 'omop'),
  drug('197361', 'amlodipine 5 MG Oral Tablet', 'SCD', 'omop'),
  drug('312961', 'simvastatin 20 MG Oral Tablet', 'SCD', 'omop'),
  drug('259255', 'atorvastatin 80 MG Oral Tablet', 'SCD', 'omop'),
  drug('309362', 'clopidogrel 75 MG Oral Tablet', 'SCD', 'omop'),
  drug('966222', 'levothyroxine sodium 0.075 MG Oral Tablet', 'SCD', 'omop'),
  drug('198014', 'naproxen 500 MG Oral Tablet', 'SCD', 'omop'),
  drug('197319', 'allopurinol 100 MG Oral Tablet', 'SCD', 'synthea'),
  drug('855332', 'warfarin sodium 5 MG Oral Tablet', 'SCD', 'omop'),
];
