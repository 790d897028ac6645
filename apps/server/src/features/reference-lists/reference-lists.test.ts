import {
  declinedEthnicityCode,
  declinedRaceCode,
  languageOption,
  languagesResponse,
  raceEthnicityResponse,
} from '@dermis/contract';
import { beforeEach, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { bearer, givenPractice, givenUser, signIn } from '../../test/fixtures';

describeEachDatabase('reference lists', (t) => {
  const newApp = useTestApp(t);
  let app: Awaited<ReturnType<typeof newApp>>;
  let token: string;

  beforeEach(async () => {
    app = await newApp();
    const practiceId = await givenPractice(t.db);
    const user = await givenUser(t.db, practiceId, { username: `lists${Date.now()}` });
    ({ accessToken: token } = await signIn(app, user.username, user.password));
  });

  const get = (path: string, auth = true) =>
    app.inject({ method: 'GET', url: `/api/app/patient/${path}`, headers: auth ? bearer(token) : {} });

  it('getLanguages answers ISO 639-2 languages with their codes, then declined to specify', async () => {
    const response = await get('getLanguages');
    expect(response.statusCode).toBe(200);
    const languages = languagesResponse.parse(response.json());
    expect(languages.length).toBeGreaterThan(400);
    expect(languages).toContainEqual({ name: 'Spanish; Castilian', iso1: 'es', iso2b: 'spa', iso2t: null });
    expect(languages.at(-1)?.name).toBe('Declined to specify');
    const french = languages.find((l) => l.iso2b === 'fre');
    expect(french && languageOption(french)).toEqual({ value: 'fr', label: 'French (fr)' });
  });

  it('getRaces and getEthnicities answer the CDC codes with their groups', async () => {
    const races = raceEthnicityResponse.parse((await get('getRaces')).json());
    const groups = races.filter((r) => r.groupId === null).map((r) => r.id);
    expect(groups).toEqual(['2106-3', '2054-5', '1002-5', '2028-9', '2076-8', declinedRaceCode]);
    expect(races).toContainEqual({
      id: '2039-6',
      name: 'Japanese',
      groupId: '2028-9',
      parentId: '2028-9',
      level: 1,
    });
    expect(races.some((r) => ['RACE', 'ETHNICITY', 'UNDEFINED'].includes(r.name))).toBe(false);

    const ethnicities = raceEthnicityResponse.parse((await get('getEthnicities')).json());
    expect(ethnicities.filter((e) => e.groupId === null).map((e) => e.id)).toEqual([
      '2186-5',
      '2135-2',
      declinedEthnicityCode,
    ]);
    expect(ethnicities).toContainEqual(
      expect.objectContaining({ id: '2148-5', name: 'Mexican', groupId: '2135-2' }),
    );
  });

  it('needs a signed-in caller', async () => {
    for (const path of ['getLanguages', 'getRaces', 'getEthnicities']) {
      expect((await get(path, false)).statusCode).toBe(401);
    }
  });
});
