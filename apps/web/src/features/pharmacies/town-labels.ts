import type { TownRow } from './map-data-format';

/** Where a town's label goes on the map, in pixels from the map's top left corner. */
export interface PlacedTown {
  name: string;
  latitude: number;
  longitude: number;
  population: number;
  x: number;
  y: number;
  /** The name's side of the dot: right, or left where the right has no room. */
  side: 'right' | 'left';
  /** Pixels between the dot and the name beyond the usual, where pins crowd the dot. */
  offset: number;
}

/** A box on the map in pixels: left, top, right, bottom. */
export type Box = [number, number, number, number];

export interface LabelPlacement {
  /** The map's size in pixels. */
  width: number;
  height: number;
  zoom: number;
  /** A town's pixel position on the map now. */
  project: (latitude: number, longitude: number) => { x: number; y: number };
  /** A label's width in pixels (the page measures it; tests count characters). */
  measure?: (name: string) => number;
  /** What a name must not cover: the markers of the home and the pharmacies. */
  obstacles?: readonly Box[];
  /** The patient's home: the town nearest it is named first, beside the pins if they cover its dot. */
  home?: { latitude: number; longitude: number } | null;
}

/** The most labels a view gets: beyond it the map is a list of names, not a map. */
export const maxTownLabels = 40;

/** Room kept free around each label, so neighbours stay apart enough to read. */
const gap = 6;
const labelHeight = 16;
const offsets = [0, 10, 20, 30, 40, 50, 60, 70, 80];

/**
 * The smallest town named at a zoom. Zoomed out over several states only cities are named; from
 * zoom 6 (the view of the home, spec 001 §2) every town may be, and room on the map decides.
 */
export function minTownPopulation(zoom: number): number {
  if (zoom <= 4) return 250_000;
  if (zoom === 5) return 50_000;
  return 0;
}

/**
 * Which towns are named, highest rank first (the most populous, county seats ahead): each label (a
 * dot and the name on its right, else on its left) must fit in the map and clear the markers and
 * every label already placed, so none covers another.
 */
export function placeTownLabels(towns: readonly TownRow[], placement: LabelPlacement): PlacedTown[] {
  const measure = placement.measure ?? ((name: string) => name.length * 7 + 4);
  const least = minTownPopulation(placement.zoom);
  const ordered = [...towns].sort((a, b) => b[4] - a[4]);
  // The home's own town first (within about 10 km), so the pharmacies' town is named at every zoom.
  const home = placement.home;
  const nearest = home
    ? ordered.reduce<{ index: number; distance: number }>(
        (best, [, latitude, longitude], index) => {
          const distance = (latitude - home.latitude) ** 2 + (longitude - home.longitude) ** 2;
          return distance < best.distance ? { index, distance } : best;
        },
        { index: -1, distance: 0.1 ** 2 },
      ).index
    : -1;
  if (nearest > 0) ordered.unshift(...ordered.splice(nearest, 1));
  const obstacles = placement.obstacles ?? [];
  const labels: Box[] = [];
  const placed: PlacedTown[] = [];
  const inside = (box: Box) =>
    box[0] + gap >= 0 &&
    box[1] + gap >= 0 &&
    box[2] - gap <= placement.width &&
    box[3] - gap <= placement.height;
  const clear = (box: Box, boxes: readonly Box[]) =>
    !boxes.some((other) => box[0] < other[2] && other[0] < box[2] && box[1] < other[3] && other[1] < box[3]);
  const free = (box: Box) => clear(box, labels) && clear(box, obstacles);
  for (const [name, latitude, longitude, population] of ordered) {
    if (placed.length >= maxTownLabels) break;
    if (population < least) continue;
    const { x, y } = placement.project(latitude, longitude);
    const width = measure(name);
    const top = y - labelHeight / 2 - gap;
    const bottom = y + labelHeight / 2 + gap;
    // Beside the dot, right then left; where pins crowd it, a little further out, so the town the
    // pharmacies are in is still named.
    const candidates: Array<[PlacedTown['side'], number, Box]> = offsets.flatMap((offset) => [
      ['right', offset, [x - 4 - gap + offset, top, x + 8 + width + gap + offset, bottom]],
      ['left', offset, [x - 8 - width - gap - offset, top, x + 4 + gap - offset, bottom]],
    ]);
    // Only the home's town moves out past the pins: any other name stays by its dot or is left out.
    const movable = nearest >= 0 && placed.length === 0 && name === ordered[0]![0];
    const fits = candidates.find(([, offset, box]) => (offset === 0 || movable) && inside(box) && free(box));
    if (!fits) continue;
    labels.push(fits[2]);
    placed.push({ name, latitude, longitude, population, x, y, side: fits[0], offset: fits[1] });
  }
  return placed;
}
