/**
 * The files of the offline map's detail layers (decision 182): written by apps/web/build/map-data.ts
 * when the web app is built, fetched by the map for the area it shows.
 */

/** Their folder in the build (served as /map-data/...). */
export const mapDataFolder = 'map-data';

/** Towns are grouped by cells of this many degrees of latitude and longitude. */
export const townCellDegrees = 5;

/** A town: name, latitude, longitude, population, and its rank (who is named first where names collide). */
export type TownRow = [name: string, latitude: number, longitude: number, population: number, rank: number];

/** The cell a place is in, e.g. "5_-17" for Naples, FL (26.1° N, 81.8° W). */
export function townCellKey(latitude: number, longitude: number): string {
  return `${Math.floor(latitude / townCellDegrees)}_${Math.floor(longitude / townCellDegrees)}`;
}

/** Every cell that overlaps the box between south-west and north-east. */
export function townCellsIn(south: number, west: number, north: number, east: number): string[] {
  const keys: string[] = [];
  const rows = [
    Math.floor(Math.max(-90, south) / townCellDegrees),
    Math.floor(Math.min(89.999, north) / townCellDegrees),
  ];
  const cols = [
    Math.floor(Math.max(-180, west) / townCellDegrees),
    Math.floor(Math.min(179.999, east) / townCellDegrees),
  ];
  for (let row = rows[0]!; row <= rows[1]!; row++) {
    for (let col = cols[0]!; col <= cols[1]!; col++) keys.push(`${row}_${col}`);
  }
  return keys;
}
