/**
 * The importers on small files in the real formats (RxNorm RRF, SNOMED CT RF2 snapshot), through the
 * `dermis` command line, and the search answering from what they wrote; the starter drug check on
 * the same RRF format.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { terminologySnomedConcept, terminologyTerm } from '../../../db/schema';
import { describeEachDatabase } from '../../../test/database';
import { searchAllergens, searchDrugs, searchSnomedConcepts } from '../terminology.service';
import { readLines } from '../../../lib/text/read-lines';
import { cliRunner } from '../../../test/cli';
import { checkStarterDrugs, starterCheckText } from '../starter/check-starter-drugs';
import { starterDrugs } from '../starter/starter-curated';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-terminology-'));
const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  fs.writeFileSync(file, text);
  return file;
};

/** RXNCONSO.RRF rows: RXCUI|LAT|TS|LUI|STT|SUI|ISPREF|RXAUI|SAUI|SCUI|SDUI|SAB|TTY|CODE|STR|SRL|SUPPRESS|CVF| */
const rrf = (rxcui: string, sab: string, tty: string, str: string, suppress = 'N', lat = 'ENG') =>
  `${rxcui}|${lat}||||||${rxcui}0|||${rxcui}|${sab}|${tty}|${rxcui}|${str}||${suppress}|4096|`;

const rxnormRelease1 = [
  rrf('3640', 'RXNORM', 'IN', 'doxycycline'),
  rrf('1649988', 'RXNORM', 'SCD', 'doxycycline hyclate 100 MG Oral Capsule'),
  rrf('1876376', 'RXNORM', 'IN', 'dupilumab'),
  rrf('1876380', 'RXNORM', 'BN', 'Dupixent'),
  rrf('999001', 'RXNORM', 'SY', 'a synonym the search does not use'),
  rrf('999002', 'MTHSPL', 'IN', 'another source'),
  rrf('999003', 'RXNORM', 'IN', 'suppressed ingredient', 'O'),
  rrf('999004', 'RXNORM', 'IN', 'doxiciclina', 'N', 'SPA'),
  'not|an|rrf|line',
  rrf('999005', 'RXNORM', 'IN', 'retired in the next release'),
].join('\r\n');

const rxnormRelease2 = [
  rrf('3640', 'RXNORM', 'IN', 'doxycycline'),
  rrf('1649988', 'RXNORM', 'SCD', 'doxycycline hyclate 100 MG Oral Capsule'),
  rrf('1876376', 'RXNORM', 'IN', 'dupilumab'),
  rrf('1876380', 'RXNORM', 'BN', 'Dupixent'),
].join('\n');

const rf2Header =
  'id\teffectiveTime\tactive\tmoduleId\tconceptId\tlanguageCode\ttypeId\tterm\tcaseSignificanceId';
const fsn = '900000000000003001';
const syn = '900000000000013009';
const rf2 = (id: string, active: string, concept: string, type: string, term: string, lang = 'en') =>
  `${id}\t20250901\t${active}\t900000000000207008\t${concept}\t${lang}\t${type}\t${term}\t900000000000448009`;

const snomedRelease = [
  rf2Header,
  // Synonyms before their concept's FSN: tagged once the file is read.
  rf2('101', '1', '9014002', syn, 'Psoriasis'),
  rf2('102', '1', '9014002', syn, 'Psoriasis vulgaris (ICD-style synonym)'),
  rf2('103', '1', '9014002', fsn, 'Psoriasis (disorder)'),
  rf2('104', '1', '240977001', fsn, 'Biopsy of skin (procedure)'),
  rf2('105', '1', '240977001', syn, 'Skin biopsy'),
  rf2('106', '1', '24079001', fsn, 'Atopic dermatitis (disorder)'),
  rf2('107', '1', '24079001', syn, 'Atopic eczema'),
  rf2('108', '0', '24079001', syn, 'Besnier prurigo'),
  rf2('109', '1', '24079001', syn, 'Neurodermitis', 'de'),
  rf2('110', '1', 'notanid', syn, 'broken'),
  rf2('111', '1', '1234567', syn, 'Prurigo café au lait (test: accents)'),
  rf2('112', '1', '1234567', fsn, 'Prurigo café au lait (disorder)'),
].join('\n');

describeEachDatabase('terminology importers', (t) => {
  const run = cliRunner(() => t.db);
  const drugRows = () =>
    t.db
      .select({ code: terminologyTerm.code, term: terminologyTerm.term, source: terminologyTerm.source })
      .from(terminologyTerm)
      .where(eq(terminologyTerm.domain, 'DRUG'))
      .orderBy(terminologyTerm.code);

  it('reads lines in order across chunk boundaries, with CRLF and multi-byte characters', async () => {
    const long = 'é'.repeat(200_000); // 400 KB in UTF-8: spans several 256 KB chunks
    const file = write('lines.txt', `first\r\n${long}\nlast`);
    const seen: string[] = [];
    const progress: number[] = [];
    const count = await readLines(
      file,
      (line) => void seen.push(line),
      (p) => progress.push(p.bytesRead),
    );
    expect(count).toBe(3);
    expect(seen).toEqual(['first', long, 'last']);
    expect(progress.at(-1)).toBe(fs.statSync(file).size);
  });

  it('imports RxNorm: only current RxNorm English atoms of the searched term types, idempotently', async () => {
    const file1 = write('RXNCONSO-1.RRF', rxnormRelease1);
    const out = await run('terminology:import-rxnorm', file1);
    expect(out).toMatch(
      /RxNorm: 5 terms written from 10 lines \(4 not needed, 1 malformed, \d+ old terms removed\)/,
    );

    // The starter drugs gave way to the release; doxycycline kept its code.
    expect(await drugRows()).toEqual([
      { code: '1649988', term: 'doxycycline hyclate 100 MG Oral Capsule', source: 'rxnorm' },
      { code: '1876376', term: 'dupilumab', source: 'rxnorm' },
      { code: '1876380', term: 'Dupixent', source: 'rxnorm' },
      { code: '3640', term: 'doxycycline', source: 'rxnorm' },
      { code: '999005', term: 'retired in the next release', source: 'rxnorm' },
    ]);
    expect((await searchDrugs(t.db, 'doxy', 30)).map((d) => [d.drugNameId, d.conceptType])).toEqual([
      ['3640', 'IN'],
      ['1649988', 'SCD'],
    ]);
    expect((await searchDrugs(t.db, 'dupix', 30))[0]).toEqual({
      drugNameId: '1876380',
      name: 'Dupixent',
      conceptType: 'BN',
    });
    // Ingredients are allergens too.
    expect(await searchAllergens(t.db, 'dupil', 30)).toContainEqual(
      expect.objectContaining({ id: '1876376', description: 'dupilumab', typeInt: 1 }),
    );

    // The same release again changes nothing.
    const before = await drugRows();
    await run('terminology:import-rxnorm', file1);
    expect(await drugRows()).toEqual(before);

    // A newer release drops what it no longer has.
    await run('terminology:import-rxnorm', write('RXNCONSO-2.RRF', rxnormRelease2));
    expect((await drugRows()).map((r) => r.code)).toEqual(['1649988', '1876376', '1876380', '3640']);
  });

  it('imports SNOMED CT RF2 descriptions: synonyms tagged by their FSN, inactive ones removed', async () => {
    const file = write('sct2_Description_Snapshot-en_INT_20250901.txt', snomedRelease);
    const out = await run('terminology:import-snomed', file);
    expect(out).toMatch(/SNOMED CT: 5 terms written from 13 lines/);

    const imported = await t.db
      .select({ code: terminologyTerm.code, term: terminologyTerm.term, kind: terminologyTerm.kind })
      .from(terminologyTerm)
      .where(eq(terminologyTerm.source, 'snomed'))
      .orderBy(terminologyTerm.code, terminologyTerm.term);
    expect(imported).toEqual([
      { code: '1234567', term: 'Prurigo café au lait (test: accents)', kind: 'disorder' },
      { code: '24079001', term: 'Atopic eczema', kind: 'disorder' },
      { code: '240977001', term: 'Skin biopsy', kind: 'procedure' },
      { code: '9014002', term: 'Psoriasis', kind: 'disorder' },
      { code: '9014002', term: 'Psoriasis vulgaris (ICD-style synonym)', kind: 'disorder' },
    ]);
    expect(
      await t.db
        .select()
        .from(terminologySnomedConcept)
        .where(eq(terminologySnomedConcept.code, '240977001')),
    ).toEqual([{ code: '240977001', semanticTag: 'procedure' }]);

    // The release replaced the GPS starter terms; the patient-friendly labels stay first.
    const eczema = await searchSnomedConcepts(t.db, 'eczem', 'PAST_MEDICAL_HISTORY', 30);
    expect(eczema.slice(0, 2)).toEqual([
      { conceptId: '43116000', preferredTerm: 'Eczema' },
      { conceptId: '24079001', preferredTerm: 'Eczema (atopic dermatitis)' },
    ]);
    expect(await searchSnomedConcepts(t.db, 'cafe', 'PAST_MEDICAL_HISTORY', 30)).toEqual([
      { conceptId: '1234567', preferredTerm: 'Prurigo café au lait (test: accents)' },
    ]);
    expect(
      await t.db
        .select()
        .from(terminologyTerm)
        .where(and(eq(terminologyTerm.source, 'starter'), eq(terminologyTerm.term, 'Acne vulgaris'))),
    ).toEqual([]);

    // Idempotent; and a later snapshot that inactivates a description removes it.
    await run('terminology:import-snomed', file);
    const again = await t.db.select().from(terminologyTerm).where(eq(terminologyTerm.source, 'snomed'));
    expect(again).toHaveLength(5);
    await run(
      'terminology:import-snomed',
      write(
        'later.txt',
        snomedRelease.replace(
          rf2('107', '1', '24079001', syn, 'Atopic eczema'),
          rf2('107', '0', '24079001', syn, 'Atopic eczema'),
        ),
      ),
    );
    expect(
      (await t.db.select().from(terminologyTerm).where(eq(terminologyTerm.source, 'snomed'))).map(
        (r) => r.term,
      ),
    ).not.toContain('Atopic eczema');
  });

  it('checks the starter drugs against a release: code, term type and any RxNorm name of the concept', async () => {
    const drug = (rxcui: string, name: string, tty: 'IN' | 'SCD') =>
      ({ rxcui, name, tty, verifiedBy: 'unverified' }) as const;
    const release = write(
      'RXNCONSO-check.RRF',
      [
        rrf('3640', 'RXNORM', 'IN', 'doxycycline'),
        // The SCD's normalised name spells the strength in MG/MG; the starter uses its PSN.
        rrf('313453', 'RXNORM', 'SCD', 'tretinoin 0.001 MG/MG Topical Gel'),
        rrf('313453', 'RXNORM', 'PSN', 'tretinoin 0.1 % Topical Gel'),
        rrf('2598', 'RXNORM', 'IN', 'clonazepam'),
        rrf('2590', 'RXNORM', 'SCD', 'a clinical drug, not the ingredient'),
        rrf('10753', 'RXNORM', 'IN', 'tretinoin', 'O'),
        rrf('6064', 'MTHSPL', 'IN', 'isotretinoin'),
      ].join('\n'),
    );
    const findings = await checkStarterDrugs(release, [
      drug('3640', 'doxycycline', 'IN'),
      drug('313453', 'tretinoin 0.1 % Topical Gel', 'SCD'),
      drug('2598', 'clobetasol', 'IN'),
      drug('2590', 'clobetasol', 'IN'),
      drug('10753', 'tretinoin', 'IN'),
      drug('6064', 'isotretinoin', 'IN'),
    ]);
    expect(findings.map((f) => [f.drug.rxcui, f.problem])).toEqual([
      ['3640', undefined],
      ['313453', undefined],
      ['2598', 'the release names it "clonazepam" (IN)'],
      ['2590', 'the release has it as SCD "a clinical drug, not the ingredient"'],
      ['10753', 'this release has no current RxNorm concept with that RXCUI'],
      ['6064', 'this release has no current RxNorm concept with that RXCUI'],
    ]);
    expect(starterCheckText(findings)).toMatch(
      /^Starter drugs: 2 of 6 confirmed by this release \(RXCUI, term type and name\)\.\nNot confirmed .*\n {2}2598 clobetasol \(IN, unverified\): the release names it "clonazepam" \(IN\)\n/,
    );

    // The command checks the whole starter list and writes nothing.
    const before = await drugRows();
    expect(await run('terminology:check-starter', release)).toMatch(
      new RegExp(`^Starter drugs: 2 of ${starterDrugs.length} confirmed`),
    );
    expect(await drugRows()).toEqual(before);
  });

  it('refuses a missing file and a file that is not RF2, and writes nothing', async () => {
    await expect(run('terminology:import-rxnorm', path.join(dir, 'nope.RRF'))).rejects.toThrow(
      /no such file/,
    );
    await expect(run('terminology:check-starter', path.join(dir, 'nope.RRF'))).rejects.toThrow(
      /no such file/,
    );
    await expect(run('terminology:import-snomed', write('wrong.txt', 'a\tb\tc\n1\t2\t3'))).rejects.toThrow(
      /not an RF2 description file/,
    );
  });
});
