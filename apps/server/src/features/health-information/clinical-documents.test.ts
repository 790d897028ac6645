/**
 * Clinical documents: the clinic attaches a CDA document to an encounter
 * through the integration API (checked by content), the patient and their responsible person view
 * it through patient/viewCCDADocument (each view in the activity log), a stranger is refused, and
 * the demo's outside document is a well-formed CDA document.
 */
import { attachClinicalDocumentResponse, errorResponse, viewCcdaDocumentResponse } from '@dermis/contract';
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { activityLog, clinicalDocument, encounter } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import {
  bearer,
  givenPracticeWithKey,
  givenResponsiblePerson,
  givenUser,
  signIn,
  type UserFixture,
} from '../../test/fixtures';
import { checkClinicalDocument } from './clinical-documents.service';
import { outsideCcd } from './demo-outside-ccd';

const person = {
  firstName: 'Maria',
  lastName: "O'Neil & <Lopez>",
  dateOfBirth: '1984-03-12',
  gender: 'FEMALE' as const,
  street: '1 Main St',
  city: 'Naples',
  state: 'FL',
  zip: '34102',
  phone: '+1-239-555-0142',
};
const cda = outsideCcd(person, new Date('2026-10-26T15:30:00Z'));

describeEachDatabase('clinical documents', (t) => {
  const newApp = useTestApp(t);
  let app: Awaited<ReturnType<typeof newApp>>;
  let key: string;
  let patient: UserFixture;
  let stranger: UserFixture;
  let encounterId: number;

  beforeEach(async () => {
    const practice = await givenPracticeWithKey(t.db);
    key = practice.apiKey;
    app = await newApp();
    patient = await givenUser(t.db, practice.practiceId, { username: `cda${Date.now()}` });
    stranger = await givenUser(t.db, practice.practiceId, { username: `str${Date.now()}` });
    const [row] = await t.db
      .insert(encounter)
      .values({
        practiceId: practice.practiceId,
        patientId: patient.patientId,
        externalId: 'ENC-9',
        dateOfService: new Date('2026-10-26T15:00:00Z'),
      })
      .returning({ id: encounter.id });
    encounterId = row!.id;
  });

  const attach = (payload: object, externalId = 'ENC-9') =>
    app.inject({
      method: 'PUT',
      url: `/api/integration/encounters/${externalId}/clinical-document`,
      headers: { 'x-api-key': key },
      payload,
    });

  const view = async (who: UserFixture, body: object) => {
    const { accessToken } = await signIn(app, who.username, who.password);
    return app.inject({
      method: 'POST',
      url: '/api/app/patient/viewCCDADocument',
      headers: bearer(accessToken),
      payload: body,
    });
  };

  it('attaches a document, takes its title, and replaces it on a second call', async () => {
    const first = await attach({ xml: cda, source: 'Gulf Coast Community Hospital' });
    expect(first.statusCode).toBe(201);
    expect(attachClinicalDocumentResponse.parse(first.json())).toMatchObject({
      encounterId,
      title: 'Gulf Coast Community Hospital - Continuity of Care Document',
      created: true,
    });
    const second = await attach({ xml: cda, source: 'Resent', title: 'Hospital summary' });
    expect(second.statusCode).toBe(200);
    const rows = await t.db.select().from(clinicalDocument);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      title: 'Hospital summary',
      source: 'Resent',
      patientId: patient.patientId,
    });
  });

  it('checks the content: XML, no DOCTYPE, root ClinicalDocument in urn:hl7-org:v3', async () => {
    for (const [xml, message] of [
      ['not xml <', 'The document is not well-formed XML.'],
      ['<ClinicalDocument xmlns="urn:hl7-org:v3"><title>x</title>', 'The document is not well-formed XML.'],
      ['<html><body>hi</body></html>', 'The document is not a CDA document'],
      ['<ClinicalDocument><title>x</title></ClinicalDocument>', 'The document is not a CDA document'],
      [
        '<!DOCTYPE x [<!ENTITY a "aaaa">]><ClinicalDocument xmlns="urn:hl7-org:v3"/>',
        'The document must not contain a DOCTYPE declaration.',
      ],
    ] as const) {
      const response = await attach({ xml, source: 'x' });
      expect(response.statusCode, xml).toBe(400);
      expect(JSON.stringify(errorResponse.parse(response.json()))).toContain(message);
    }
    expect(await t.db.select().from(clinicalDocument)).toHaveLength(0);
    expect((await attach({ xml: cda, source: 'x' }, 'ENC-UNKNOWN')).statusCode).toBe(404);
  });

  it('answers the XML to the patient and to their responsible person, and logs each VIEW', async () => {
    await attach({ xml: cda, source: 'Hospital' });
    const own = await view(patient, { encounterId, patientId: patient.patientId });
    expect(own.statusCode).toBe(200);
    expect(viewCcdaDocumentResponse.parse(own.json()).xml).toBe(cda);
    expect(own.headers['cache-control']).toBe('no-store');

    await givenResponsiblePerson(t.db, patient.patientId, stranger.patientId);
    const forPatient = await view(stranger, { encounterId, patientId: patient.patientId });
    expect(forPatient.statusCode).toBe(200);

    const views = await t.db.select().from(activityLog).where(eq(activityLog.patientId, patient.patientId));
    expect(views.filter((v) => v.action === 'VIEW').map((v) => v.actorUserId)).toEqual([
      patient.userId,
      stranger.userId,
    ]);
  });

  it('refuses a stranger (403) and answers 404 for an encounter without a document or of another patient', async () => {
    await attach({ xml: cda, source: 'Hospital' });
    expect((await view(stranger, { encounterId, patientId: patient.patientId })).statusCode).toBe(403);
    expect((await view(stranger, { encounterId, patientId: stranger.patientId })).statusCode).toBe(404);
    expect(
      (await view(patient, { encounterId: encounterId + 1000, patientId: patient.patientId })).statusCode,
    ).toBe(404);
    expect((await view(patient, { encounterId: 'x', patientId: patient.patientId })).statusCode).toBe(400);
  });

  it('the demo outside document is a CDA document whose text escapes every value', () => {
    expect(checkClinicalDocument(cda).title).toBe(
      'Gulf Coast Community Hospital - Continuity of Care Document',
    );
    expect(cda).toContain('O&apos;Neil &amp; &lt;Lopez&gt;');
    expect(cda).toContain('<effectiveTime value="20261026103000-0500"/>');
  });
});
