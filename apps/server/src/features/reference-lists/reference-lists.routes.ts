/**
 * Reference lists of spec 001 §7: `GET patient/getLanguages`, `getEthnicities`, `getRaces`. The lists
 * live in the contract (packages/contract/src/reference-lists.ts), so the answers are built once.
 */
import { ethnicityList, languageList, raceList, referenceListsCalls } from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../plugins/register-call';

export function registerReferenceListsCalls(app: FastifyInstance): void {
  registerCall(app, referenceListsCalls.getLanguages, () => Promise.resolve([...languageList]));
  registerCall(app, referenceListsCalls.getEthnicities, () => Promise.resolve([...ethnicityList]));
  registerCall(app, referenceListsCalls.getRaces, () => Promise.resolve([...raceList]));
}
