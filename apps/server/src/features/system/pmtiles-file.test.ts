import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { systemCalls } from '@dermis/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config/env';
import { useTestApp } from '../../test/app';
import { describeEachDatabase } from '../../test/database';
import { byteRange } from './pmtiles-file';

// A practice's own PMTiles basemap (decision 182): checked at start, served by the portal in byte
// ranges (what the map's PMTiles reader asks for), named in /api/config.

const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'dermis-pmtiles-'));
const archive = path.join(folder, 'naples.pmtiles');
// "PMTiles", version 3, then bytes that tell their own position.
const bytes = Buffer.concat([
  Buffer.from('PMTiles\u0003', 'latin1'),
  Buffer.from(Array.from({ length: 4992 }, (_, i) => i % 251)),
]);
fs.writeFileSync(archive, bytes);
const notArchive = path.join(folder, 'map.png');
fs.writeFileSync(notArchive, Buffer.from('\u0089PNG\r\n\u001a\n0000', 'latin1'));
afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

describe('MAP_PMTILES_FILE', () => {
  const base = { DATABASE_URL: 'memory://' };

  it('takes a readable PMTiles version 3 file, and refuses anything else at start', () => {
    expect(loadConfig(base).mapPmtilesFile).toBeNull();
    expect(loadConfig({ ...base, MAP_PMTILES_FILE: archive, MAP_TILE_ATTRIBUTION: '© OSM' })).toMatchObject({
      mapPmtilesFile: archive,
      mapTileAttribution: '© OSM',
      mapTileUrl: null,
    });
    expect(() => loadConfig({ ...base, MAP_PMTILES_FILE: path.join(folder, 'missing.pmtiles') })).toThrow(
      /MAP_PMTILES_FILE: .*missing\.pmtiles cannot be read/,
    );
    expect(() => loadConfig({ ...base, MAP_PMTILES_FILE: notArchive })).toThrow(
      /MAP_PMTILES_FILE: .*map\.png is not a PMTiles version 3 file/,
    );
    expect(() =>
      loadConfig({
        ...base,
        MAP_PMTILES_FILE: archive,
        MAP_TILE_URL: 'https://t.example.org/{z}/{x}/{y}.png',
      }),
    ).toThrow(/set either MAP_TILE_URL or MAP_PMTILES_FILE, not both/);
  });

  it('reads one byte range as the PMTiles reader sends it', () => {
    expect(byteRange(undefined, 100)).toBe('whole');
    expect(byteRange('bytes=0-16383', 100)).toEqual([0, 99]);
    expect(byteRange('bytes=10-19', 100)).toEqual([10, 19]);
    expect(byteRange('bytes=90-', 100)).toEqual([90, 99]);
    expect(byteRange('bytes=-5', 100)).toEqual([95, 99]);
    expect(byteRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=20-10', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(byteRange('bytes=0-1,5-6', 100)).toBe('whole');
    expect(byteRange('items=0-1', 100)).toBe('whole');
  });
});

describeEachDatabase('the practice PMTiles basemap', (t) => {
  const newApp = useTestApp(t);

  it('is served in byte ranges and named in /api/config when MAP_PMTILES_FILE is set', async () => {
    const app = await newApp({ mapPmtilesFile: archive, mapTileAttribution: '© OpenStreetMap' });
    const config = await app.inject({ method: 'GET', url: systemCalls.config.path });
    expect(config.json()).toMatchObject({
      mapTileUrl: null,
      mapPmtilesUrl: '/map/basemap.pmtiles',
      mapTileAttribution: '© OpenStreetMap',
    });

    // The header and root directory first (the reader asks for 16 kB; the file is smaller).
    const head = await app.inject({
      method: 'GET',
      url: '/map/basemap.pmtiles',
      headers: { range: 'bytes=0-16383' },
    });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-4999/5000`);
    expect(head.rawPayload.equals(bytes)).toBe(true);
    const etag = head.headers.etag;
    expect(etag).toMatch(/^".+"$/);

    const middle = await app.inject({
      method: 'GET',
      url: '/map/basemap.pmtiles',
      headers: { range: 'bytes=1000-1099' },
    });
    expect(middle.statusCode).toBe(206);
    expect(middle.headers['content-range']).toBe('bytes 1000-1099/5000');
    expect(middle.headers['content-length']).toBe('100');
    expect(middle.headers['accept-ranges']).toBe('bytes');
    expect(middle.rawPayload.equals(bytes.subarray(1000, 1100))).toBe(true);
    expect(middle.headers.etag).toBe(etag);

    const whole = await app.inject({ method: 'GET', url: '/map/basemap.pmtiles' });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(bytes)).toBe(true);

    const past = await app.inject({
      method: 'GET',
      url: '/map/basemap.pmtiles',
      headers: { range: 'bytes=5000-' },
    });
    expect(past.statusCode).toBe(416);
    expect(past.headers['content-range']).toBe('bytes */5000');

    const again = await app.inject({
      method: 'GET',
      url: '/map/basemap.pmtiles',
      headers: { 'if-none-match': etag as string },
    });
    expect(again.statusCode).toBe(304);
  });

  it('is not there without MAP_PMTILES_FILE', async () => {
    const app = await newApp();
    expect((await app.inject({ method: 'GET', url: systemCalls.config.path })).json()).toMatchObject({
      mapPmtilesUrl: null,
    });
    const answer = await app.inject({
      method: 'GET',
      url: '/map/basemap.pmtiles',
      headers: { range: 'bytes=0-99' },
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ error: 'NOT_FOUND' });
  });
});
