import { describe, expect, it } from 'vitest';
import type { TownRow } from './map-data-format';
import { townCellKey, townCellsIn } from './map-data-format';
import { maxTownLabels, placeTownLabels, type Box } from './town-labels';

// A flat projection for the tests: 100 px a degree, north up, the map's top left at 27° N, 82° W.
const project = (latitude: number, longitude: number) => ({
  x: (longitude + 82) * 100,
  y: (27 - latitude) * 100,
});
const view = { width: 400, height: 300, zoom: 9, project, measure: (name: string) => name.length * 7 };

describe('placeTownLabels', () => {
  it('names the higher rank first and leaves out a town whose label would cover one already placed', () => {
    const towns: TownRow[] = [
      ['East Naples', 26.138, -81.766, 22_951, 22_951],
      ['Naples', 26.142, -81.796, 21_512, 64_536],
      ['Golden Gate', 26.188, -81.695, 23_961, 23_961],
    ];
    // Zoomed in on Naples: 1000 px a degree, the map's top left at 26.3° N, 82° W.
    const naples = {
      ...view,
      project: (lat: number, lon: number) => ({ x: (lon + 82) * 1000, y: (26.3 - lat) * 1000 }),
    };
    const names = placeTownLabels(towns, naples).map((town) => town.name);
    expect(names).toEqual(['Naples', 'Golden Gate']);
  });

  it('keeps every label inside the map and apart from the others', () => {
    const towns: TownRow[] = Array.from({ length: 400 }, (_, i) => {
      const latitude = 24 + (i % 20) * 0.2;
      const longitude = -82.5 + Math.floor(i / 20) * 0.3;
      return [`Town ${i}`, latitude, longitude, 1000 + i, 1000 + i];
    });
    const placed = placeTownLabels(towns, view);
    expect(placed.length).toBeGreaterThan(3);
    expect(placed.length).toBeLessThanOrEqual(maxTownLabels);
    // The name's extent: right of the dot, or left of it.
    const span = (town: (typeof placed)[number]): [number, number] =>
      town.side === 'right'
        ? [town.x + town.offset, town.x + 8 + town.name.length * 7 + town.offset]
        : [town.x - 8 - town.name.length * 7 - town.offset, town.x - town.offset];
    for (const town of placed) {
      const [left, right] = span(town);
      expect(left).toBeGreaterThanOrEqual(0);
      expect(right).toBeLessThanOrEqual(view.width);
      expect(town.y).toBeGreaterThanOrEqual(8);
      expect(town.y).toBeLessThanOrEqual(view.height - 8);
    }
    for (const a of placed) {
      for (const b of placed) {
        if (a === b) continue;
        const [aLeft, aRight] = span(a);
        const [bLeft, bRight] = span(b);
        const apart = Math.abs(a.y - b.y) >= 16 || aRight <= bLeft || bRight <= aLeft;
        expect(apart, `${a.name} and ${b.name} overlap`).toBe(true);
      }
    }
  });

  it('puts a name on the left of its dot where the right is taken, and never over a marker', () => {
    const towns: TownRow[] = [
      ['Sarasota', 26, -80, 56_000, 168_000],
      ['Naples', 24.5, -80, 21_512, 64_536],
    ];
    // A marker's pin just right of Naples' dot (x 200, y 250).
    const placed = placeTownLabels(towns, { ...view, obstacles: [[212, 215, 240, 255]] });
    expect(placed.map((town) => [town.name, town.side, town.offset])).toEqual([
      ['Sarasota', 'right', 0],
      ['Naples', 'left', 0],
    ]);
    // Pins on both sides of the dot: the home's town moves out just past them, on the nearer side;
    // another town is left out.
    const pins: Box[] = [
      [212, 215, 240, 255],
      [180, 215, 210, 255],
    ];
    const crowded = placeTownLabels(towns, {
      ...view,
      obstacles: pins,
      home: { latitude: 24.51, longitude: -80 },
    });
    expect(crowded.map((town) => [town.name, town.side, town.offset])).toEqual([
      ['Naples', 'left', 30],
      ['Sarasota', 'right', 0],
    ]);
    expect(placeTownLabels(towns, { ...view, obstacles: pins }).map((town) => town.name)).toEqual([
      'Sarasota',
    ]);
    // Pins all around, further than a name moves: Naples is left out rather than covered.
    const boxed = placeTownLabels(towns, {
      ...view,
      obstacles: [[40, 230, 400, 270]],
      home: { latitude: 24.51, longitude: -80 },
    });
    expect(boxed.map((town) => town.name)).toEqual(['Sarasota']);
  });

  it('names only cities when zoomed out over several states', () => {
    const towns: TownRow[] = [
      ['Tampa', 26.5, -81.5, 369_075, 369_075],
      ['Naples', 26.142, -80.5, 21_512, 64_536],
    ];
    expect(placeTownLabels(towns, { ...view, zoom: 4 }).map((town) => town.name)).toEqual(['Tampa']);
    expect(placeTownLabels(towns, { ...view, zoom: 6 }).map((town) => town.name)).toEqual([
      'Tampa',
      'Naples',
    ]);
  });
});

describe('town cells', () => {
  it('finds the cell of a place and every cell a view overlaps', () => {
    expect(townCellKey(26.14, -81.79)).toBe('5_-17');
    expect(townCellsIn(24.5, -83, 26.5, -79)).toEqual(['4_-17', '4_-16', '5_-17', '5_-16']);
  });
});
