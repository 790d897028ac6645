/**
 * Reference lists of spec 001 §7: `GET patient/getLanguages`, `getEthnicities`, `getRaces`. The lists
 * live in the contract (packages/contract/src/reference-lists.ts), so the answers are built once.
 */
import {
  appRoutes as paths,
  ethnicityList,
  languageList,
  languagesResponse,
  raceEthnicityResponse,
  raceList,
} from '@dermis/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { authenticate } from '../../plugins/authenticate';

export async function referenceListsRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('preHandler', authenticate);

  app.get(`/${paths.getLanguages}`, { schema: { response: { 200: languagesResponse } } }, () => [
    ...languageList,
  ]);
  app.get(`/${paths.getEthnicities}`, { schema: { response: { 200: raceEthnicityResponse } } }, () => [
    ...ethnicityList,
  ]);
  app.get(`/${paths.getRaces}`, { schema: { response: { 200: raceEthnicityResponse } } }, () => [
    ...raceList,
  ]);

  return Promise.resolve();
}
