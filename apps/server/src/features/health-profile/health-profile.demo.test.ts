import {
  encountersResponse,
  historySection,
  patientEducationMonographResponse,
  patientSubjectiveItemsResponse,
  prescriptionHistoryResponse,
  toMedicationView,
} from '@dermis/contract';
import { expect, it } from 'vitest';
import { demoAccounts } from '../../demo/demo-accounts';
import { seedDemo } from '../../demo/seed';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, signIn } from '../../test/fixtures';

describeEachDatabase('health history demo data', (t) => {
  const newApp = useTestApp(t);

  it('gives Maria items in every list, prescriptions active and inactive, and Samuel an upcoming screening', async () => {
    await seedDemo(t.db);
    const app = await newApp();
    const call = async (account: { username: string; password: string }, path: string, payload: object) => {
      const { accessToken } = await signIn(app, account.username, account.password);
      const response = await app.inject({
        method: 'POST',
        url: `/api/app/${path}`,
        headers: bearer(accessToken),
        payload,
      });
      expect(response.statusCode, path).toBe(200);
      return response.json<unknown>();
    };
    const maria = demoAccounts.patient;
    const profile = await call(maria, 'patient/getByUsername', { username: maria.username });
    const patientId = (profile as { id: number }).id;

    const history = patientSubjectiveItemsResponse.parse(
      await call(maria, 'subjective/getPatientSubjectiveAndTemplateItems', { type: 'HISTORY', patientId }),
    );
    expect(new Set(history.items.map((i) => i.sectionId))).toEqual(new Set(historySection.options));
    const medications = history.items.filter((i) => i.sectionId === 'MEDICATIONS').map(toMedicationView);
    expect(medications.map((m) => m.discontinued)).toEqual([false, false, true]);

    const prescriptions = prescriptionHistoryResponse.parse(
      await call(maria, 'prescription/getHistory', { patientId }),
    );
    expect(prescriptions.prescriptions.map((p) => p.status)).toEqual(['ACTIVE', 'ACTIVE', 'INACTIVE']);
    expect(prescriptions.prescriptions.every((p) => p.hasMonograph)).toBe(true);
    const first = prescriptions.prescriptions[0]!;
    const monograph = patientEducationMonographResponse.parse(
      await call(maria, 'prescription/getPatientEducationMonograph', {
        fdbId: first.fdbId,
        fdbDrugType: first.fdbDrugType,
        monographFormat: 'TEXT_PLAIN',
      }),
    );
    expect(monograph.monograph.split('\n').length).toBeGreaterThan(2);

    const samuel = demoAccounts.newPatient;
    const samuelId = (
      (await call(samuel, 'patient/getByUsername', { username: samuel.username })) as { id: number }
    ).id;
    const open = encountersResponse.parse(
      await call(samuel, 'encounter/getByFilter', { patientId: samuelId, historyFinished: false }),
    );
    expect(open.encounters).toHaveLength(1);
    expect(Date.parse(open.encounters[0]!.dateOfService)).toBeGreaterThan(Date.now());
    expect(open.encounters[0]!.encounterRoleInfoList[0]!.encounterRoleType).toBe('PROVIDER');
    // Samuel starts with an empty history: the wizard fills it.
    const samuelHistory = patientSubjectiveItemsResponse.parse(
      await call(samuel, 'subjective/getPatientSubjectiveAndTemplateItems', {
        type: 'HISTORY',
        patientId: samuelId,
      }),
    );
    expect(samuelHistory.items).toEqual([]);
  });
});
