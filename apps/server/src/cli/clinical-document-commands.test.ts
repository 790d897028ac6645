/**
 * `dermis encounter:attach-cda` in local mode: attaches an outside CDA document to an encounter by
 * the clinic's own id, replaces it on a second run, and refuses a file that is not a CDA document.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, it } from 'vitest';
import { clinicalDocument, encounter } from '../db/schema';
import { outsideCcd } from '../features/health-information/demo-outside-ccd';
import { describeEachDatabase } from '../test/database';
import { givenPractice, givenPatient } from '../test/fixtures';
import { cliRunner } from '../test/cli';

describeEachDatabase('dermis encounter:attach-cda', (t) => {
  const run = cliRunner(() => t.db);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-cda-'));
  const cdaFile = path.join(dir, 'ccd.xml');
  const htmlFile = path.join(dir, 'page.xml');
  fs.writeFileSync(
    cdaFile,
    outsideCcd(
      {
        ...{ firstName: 'Ana', lastName: 'Ruiz', dateOfBirth: '1970-01-02', gender: 'FEMALE' },
        ...{ street: '1 Main St', city: 'Naples', state: 'FL', zip: '34102', phone: '+1-239-555-0100' },
      },
      new Date('2026-09-01T14:00:00Z'),
    ),
  );
  fs.writeFileSync(htmlFile, '<html><body>not a CDA</body></html>');

  it('attaches, replaces, and refuses a file that is not a CDA document', async () => {
    const practiceId = await givenPractice(t.db);
    const patientId = await givenPatient(t.db, practiceId);
    await t.db
      .insert(encounter)
      .values({ practiceId, patientId, externalId: 'V-1', dateOfService: new Date('2026-09-01T14:00:00Z') });
    const base = ['encounter:attach-cda', '--practice', String(practiceId), '--encounter', 'V-1'];

    expect(await run(...base, '--file', cdaFile, '--source', 'Gulf Coast Community Hospital')).toMatch(
      /Clinical document \d+ attached to encounter V-1: Gulf Coast Community Hospital - Continuity of Care Document/,
    );
    expect(await run(...base, '--file', cdaFile, '--source', 'Resent', '--title', 'Hospital CCD')).toMatch(
      /replaced on encounter V-1: Hospital CCD/,
    );
    await expect(run(...base, '--file', htmlFile, '--source', 'x')).rejects.toThrow(/not a CDA document/);
    const rows = await t.db.select().from(clinicalDocument);
    expect(rows.map((r) => [r.title, r.source, r.patientId])).toEqual([
      ['Hospital CCD', 'Resent', patientId],
    ]);
  });
});
