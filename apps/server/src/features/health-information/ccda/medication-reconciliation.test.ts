import { describe, expect, it } from 'vitest';
import type { Medication } from '../../../lib/health-record/health-record';
import { reconcileMedications } from './medication-reconciliation';

const at = new Date('2026-10-01T12:00:00Z');

function listed(
  key: string,
  code: string,
  display: string,
  status: Medication['status'] = 'ACTIVE',
): Medication {
  return {
    key,
    source: 'HISTORY',
    drug: { code, system: 'RXNORM', display },
    termType: 'IN',
    status,
    discontinuationReason: null,
    instructions: null,
    startDate: null,
    endDate: null,
    prescriber: null,
    recordedAt: at,
    author: { time: at, kind: 'PATIENT', name: null },
  };
}

function prescribed(
  key: string,
  code: string,
  display: string,
  status: Medication['status'] = 'ACTIVE',
): Medication {
  return {
    ...listed(key, code, display, status),
    source: 'PRESCRIPTION',
    termType: 'SCD',
    instructions: 'Take 1 tablet by mouth once a week',
    startDate: '2026-09-30',
    prescriber: 'Olivia Bennett, MD',
    author: { time: at, kind: 'PRESCRIBER', name: 'Olivia Bennett, MD' },
  };
}

const keysOf = (list: Medication[]) =>
  reconcileMedications(list).map(({ med, listed: folded }) => [med.key, folded.map((f) => f.key)]);

describe('one reconciled medication list', () => {
  it("folds the list's ingredient into the active prescription of that drug, keeping the rest", () => {
    const list = [
      listed('history-1', '6851', 'Methotrexate'),
      listed('history-2', '6064', 'Isotretinoin'),
      prescribed('prescription-1', '105586', 'Methotrexate 10 MG Oral Tablet'),
    ];
    expect(keysOf(list)).toEqual([
      ['history-2', []],
      ['prescription-1', ['history-1']],
    ]);
  });

  it('keeps both when they disagree or are not surely the same drug', () => {
    const list = [
      // The patient still takes it, the prescription ended: a clinician reconciles that.
      listed('history-1', '3640', 'Doxycycline'),
      prescribed('prescription-1', '1652673', 'Doxycycline Monohydrate 50 MG Oral Tablet', 'INACTIVE'),
      // Named more precisely than the ingredient.
      listed('history-2', '3640', 'Doxycycline'),
      prescribed('prescription-2', '1652673', 'Doxycycline Monohydrate 50 MG Oral Tablet'),
      // A combination drug.
      listed('history-3', '5521', 'Hydroxychloroquine'),
      prescribed('prescription-3', '999', 'Hydroxychloroquine 200 MG / Other 5 MG Oral Tablet'),
      // Stopped on the list.
      listed('history-4', '6851', 'Methotrexate', 'DISCONTINUED'),
      prescribed('prescription-4', '105586', 'Methotrexate 10 MG Oral Tablet'),
    ];
    expect(reconcileMedications(list).map(({ med, listed: folded }) => [med.key, folded.length])).toEqual(
      list.map((m) => [m.key, 0]),
    );
  });
});
