import type { MessageKey, ResultInterpretation } from '@dermis/contract';
import { t } from '../../../lib/i18n';

const keys: Record<ResultInterpretation, MessageKey> = {
  H: 'record.flag.H',
  L: 'record.flag.L',
  HH: 'record.flag.HH',
  LL: 'record.flag.LL',
  A: 'record.flag.A',
  N: 'record.flag.N',
};

/** 'High', 'Critically low', … in the page's language. */
export const interpretationText = (flag: ResultInterpretation) => t(keys[flag]);

/** Outside the reference range or abnormal: shown marked. */
export const isFlagged = (flag: ResultInterpretation | null) => flag !== null && flag !== 'N';
