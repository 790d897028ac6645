/**
 * Every demo patient's C-CDA, for the whole record and for a range, against the CDA R2 + SDTC schema
 * and the C-CDA R2.1 Schematron (errors and warnings, value sets from the fixtures' voc.xml), with
 * the counts printed. Without ../shared or xsltproc the checks cannot run: the output says so.
 */
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { patient } from '../../../db/schema';
import { seedDemo } from '../../../demo/seed';
import { describeEachDatabase } from '../../../test/database';
import { translatorFor } from '../../../lib/i18n';
import { buildCcdaDocument } from '../ccda-document';
import { loadExportRecord } from '../export-record';
import { buildSummaryDocument } from '../health-summary';
import { extractPdfText, renderHealthSummaryPdf } from '../health-summary-pdf';
import { findSchematron, hasXsltproc, runSchematron } from './schematron';
import { findFixturesDir, validateCda } from './validate-cda';

const fixturesDir = findFixturesDir();
const schematron = fixturesDir && hasXsltproc() ? findSchematron(fixturesDir) : null;
/**
 * Maria's whole record today: results, vital signs, immunizations, the plan of treatment, goals,
 * health concerns with her health status (decision 251) and notes, each entry's author with their
 * specialty (decision 233), one reconciled medication list (decision 250); what the record does not
 * know is written as unknown (nullFlavor), never made up. The goal of 20: 11 come from the
 * Schematron's medication-time branch (every effectiveTime of a Medication Activity should have both
 * @value and low, which the error phase forbids; HL7's own examples draw them too), 2 from
 * medications on the patient's list without a frequency and 2 without a dose (no unit to give), 1
 * from a planned medication without a planned time, 2 from the Schematron's guarantor-telecom test,
 * and 2 from no signer; decision 250 lists each rule and why. The count may only go down.
 */
const mariaWarningCeiling = 20;

const day = 86_400_000;

describeEachDatabase('C-CDA and PDF of the demo patients say the same', (t) => {
  it("shows Emma's smoking status and Maria's medications and their instructions in both", async () => {
    const practiceId = await seedDemo(t.db);
    const people = await t.db
      .select({ id: patient.id, firstName: patient.firstName })
      .from(patient)
      .where(eq(patient.practiceId, practiceId!));
    const now = new Date();
    for (const name of ['Emma', 'Maria']) {
      const id = people.find((p) => p.firstName === name)!.id;
      const range = { from: null, to: null };
      const record = (await loadExportRecord(t.db, id, range))!;
      const xml = await buildCcdaDocument(t.db, id, range, now);
      const pdf = await renderHealthSummaryPdf(
        buildSummaryDocument(
          { record, encounters: [], startText: null, endText: null, generatedAt: now, lang: 'en-US' },
          translatorFor('en'),
        ),
      );
      const text = extractPdfText(pdf).join('\n').replace(/\s+/g, ' ');
      const smoking = /<td ID="social-smoking">([^<]*)<\/td>/.exec(xml)?.[1];
      expect(smoking, name).toBeTruthy();
      expect(text, name).toContain(smoking);
      for (const m of record.medications) {
        expect(xml).toContain(m.drug.display.replace(/&/g, '&amp;'));
        expect(text, name).toContain(m.drug.display);
        if (m.instructions) expect(text, name).toContain(m.instructions);
      }
    }
  }, 120_000);
});

describeEachDatabase('C-CDA of every demo patient', (t) => {
  if (!fixturesDir || !schematron)
    it('cannot be checked here (NOT RUN: shared/fixtures/cda-schema or xsltproc is missing)', () => {
      console.log(
        `C-CDA demo exports NOT checked: ${fixturesDir ? 'xsltproc is not installed' : 'shared/fixtures/cda-schema is not beside this checkout'}`,
      );
      expect(fixturesDir === null || schematron === null).toBe(true);
    });
  else
    it('has no schema or Schematron error with or without a range; Maria draws few warnings', async () => {
      const practiceId = await seedDemo(t.db);
      const people = await t.db
        .select({ id: patient.id, firstName: patient.firstName })
        .from(patient)
        .where(eq(patient.practiceId, practiceId!));
      expect(people.length).toBeGreaterThanOrEqual(5);
      const now = new Date();
      const ranges = [
        { name: 'whole record', range: { from: null, to: null } },
        { name: 'last 90 days', range: { from: new Date(now.getTime() - 90 * day), to: null } },
        {
          name: '300 to 100 days ago',
          range: { from: new Date(now.getTime() - 300 * day), to: new Date(now.getTime() - 100 * day) },
        },
      ];
      for (const person of people)
        for (const { name, range } of ranges) {
          const xml = await buildCcdaDocument(t.db, person.id, range, now);
          const schema = await validateCda(xml, fixturesDir);
          const errors = runSchematron(xml, schematron, 'errors');
          const warnings = runSchematron(xml, schematron, 'warnings');
          const rules = new Set(warnings.map((w) => w.split(' ')[0]));
          console.log(
            `${person.firstName} (${name}): ${schema.errors.length} schema errors, ${errors.length} Schematron errors, ${warnings.length} warnings over ${rules.size} rules`,
          );
          expect(schema.errors.slice(0, 5), `${person.firstName} ${name}`).toEqual([]);
          expect(errors.slice(0, 5), `${person.firstName} ${name}`).toEqual([]);
          if (person.firstName === 'Maria' && name === 'whole record') {
            // Her listed Methotrexate is the clinic's active prescription: one entry (decision 250).
            expect(xml).toContain("also on the patient's list as Methotrexate");
            expect(xml).not.toContain('code="6851"');
            // Dr. Bennett's assessment at the recent visit (decision 251).
            expect(xml).toContain('<td ID="health-status-');
            expect(warnings.filter((w) => w.startsWith('a-1198-30483'))).toEqual([]);
            const byRule = new Map<string, number>();
            for (const w of warnings) byRule.set(w.split(' ')[0]!, (byRule.get(w.split(' ')[0]!) ?? 0) + 1);
            console.log(
              [
                ...[...byRule].map(([rule, count]) => `  ${rule} x${count}`),
                `  (at most ${mariaWarningCeiling}; why each rule is left: docs/decisions/250, 251)`,
              ].join('\n'),
            );
            expect(warnings.length).toBeLessThanOrEqual(mariaWarningCeiling);
          }
        }
    }, 600_000);
});
