import type { RaceEthnicityOption } from '@dermis/contract';
import { isMessageKey, t } from './t';

/**
 * A race or ethnicity in the portal's language: the OMB groups are translated in the catalog
 * (`profile.raceEthnicityGroup.<code>`); the detailed CDC codes keep their English name.
 */
export function raceEthnicityName(option: Pick<RaceEthnicityOption, 'id' | 'name'>): string {
  const key = `profile.raceEthnicityGroup.${option.id}`;
  return isMessageKey(key) ? t(key) : option.name;
}
