/**
 * The pharmacies map's base layer when the practice names no tiles (decisions 088, 182): land on a
 * water background, state borders, and, for the area in view, county lines and town names. The
 * states come with the map's chunk; the county lines (per state) and towns (per 5° cell) are JSON
 * files of the build, fetched only for what the map shows. Nothing is fetched from outside the portal.
 */
import L from 'leaflet';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import statesTopology from 'us-atlas/states-10m.json';
import type { MultiLineString } from 'geojson';
import { mapDataFolder, townCellsIn, type TownRow } from '../map-data-format';
import { placeTownLabels, type Box } from '../town-labels';

/** County lines would be a tangle below this zoom (a third of the country in view). */
export const countyMinZoom = 6;

type StatesTopology = Topology<{ states: GeometryCollection; nation: GeometryCollection }>;

const panes = {
  land: { name: 'pharmacy-map-land', zIndex: 210 },
  counties: { name: 'pharmacy-map-counties', zIndex: 220 },
  borders: { name: 'pharmacy-map-borders', zIndex: 230 },
  // Above the shapes, below the markers (600) and popups.
  towns: { name: 'pharmacy-map-towns', zIndex: 450 },
} as const;

/** One request per file however often the view asks for it; a missing or failed file is just left out. */
function fetcher(): (path: string) => Promise<unknown> {
  const cache = new Map<string, Promise<unknown>>();
  return (path) => {
    let answer = cache.get(path);
    if (!answer) {
      answer = fetch(`${import.meta.env.BASE_URL}${mapDataFolder}/${path}`)
        .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
        .catch(() => null);
      cache.set(path, answer);
    }
    return answer;
  };
}

function townLabelWidth(): (name: string) => number {
  const context = document.createElement('canvas').getContext?.('2d') ?? null;
  if (!context) return (name) => name.length * 7 + 4;
  context.font = '600 12px system-ui, sans-serif';
  return (name) => Math.ceil(context.measureText(name).width) + 4;
}

export interface OfflineBasemap {
  /** Names the towns again (the markers they must not cover have changed). */
  refresh: () => void;
  remove: () => void;
}

/** A pin's box above its point, the largest of the map's pins (the home's, 30 x 38 px). */
function pinBox({ x, y }: L.Point): Box {
  return [x - 15, y - 38, x + 15, y];
}

/** The zoom buttons and the attribution, which sit over the map: no name goes under them. */
function controlBoxes(map: L.Map): Box[] {
  const container = map.getContainer();
  const origin = container.getBoundingClientRect();
  return [...container.querySelectorAll<HTMLElement>('.leaflet-control')].map((control) => {
    const box = control.getBoundingClientRect();
    return [box.left - origin.left, box.top - origin.top, box.right - origin.left, box.bottom - origin.top];
  });
}

/**
 * Adds the offline base layers to the map; `markers` tells where the pins are that names must not
 * cover, and the home, whose town is named first.
 */
export function addOfflineBasemap(
  map: L.Map,
  markers: () => { home: L.LatLng | null; pharmacies: L.LatLng[] },
): OfflineBasemap {
  for (const pane of Object.values(panes)) {
    const element = map.createPane(pane.name);
    element.style.zIndex = String(pane.zIndex);
    element.style.pointerEvents = 'none';
  }
  // The names are drawn for the eye; the list beside the map is what a screen reader reads.
  map.getPane(panes.towns.name)?.setAttribute('aria-hidden', 'true');

  const topology = statesTopology as unknown as StatesTopology;
  const states = feature(topology, topology.objects.states);
  L.geoJSON(feature(topology, topology.objects.nation), {
    pane: panes.land.name,
    interactive: false,
    style: { color: '#6f9fbf', weight: 1, fillColor: '#f6f3ec', fillOpacity: 1 },
  }).addTo(map);
  L.geoJSON(
    mesh(topology, topology.objects.states, (a, b) => a !== b),
    { pane: panes.borders.name, interactive: false, style: { color: '#6b7280', weight: 1.4 } },
  ).addTo(map);

  // Each state's box, to know whose county lines the view needs.
  const stateBoxes = states.features.map((state) => ({
    fips: String(state.id),
    bounds: L.geoJSON(state).getBounds(),
  }));
  const get = fetcher();
  const countyLayers = L.layerGroup().addTo(map);
  const drawnCounties = new Set<string>();
  const towns = L.layerGroup().addTo(map);
  const measure = townLabelWidth();
  let generation = 0;

  const update = () => {
    const bounds = map.getBounds();
    const zoom = map.getZoom();
    if (zoom >= countyMinZoom) {
      for (const { fips, bounds: box } of stateBoxes) {
        if (!box.intersects(bounds) || drawnCounties.has(fips)) continue;
        drawnCounties.add(fips);
        void get(`counties/${fips}.json`).then((lines) => {
          if (!lines) return drawnCounties.delete(fips);
          L.geoJSON(lines as MultiLineString, {
            pane: panes.counties.name,
            interactive: false,
            style: { color: '#9aa3ad', weight: 0.9, dashArray: '4 3' },
          }).addTo(countyLayers);
        });
      }
    }
    // Towns: the cells in view, then names where there is room (drawn anew for every view).
    const current = ++generation;
    const cells = townCellsIn(bounds.getSouth(), bounds.getWest(), bounds.getNorth(), bounds.getEast());
    // Zoomed out over the whole country, the names wait for a closer view rather than fetch every cell.
    const wanted = cells.length > 12 ? [] : cells;
    void Promise.all(wanted.map((cell) => get(`towns/${cell}.json`))).then((answers) => {
      if (current !== generation) return; // a newer view is being drawn
      const rows = answers.flatMap((answer) => (Array.isArray(answer) ? (answer as TownRow[]) : []));
      const size = map.getSize();
      const pins = markers();
      const placed = placeTownLabels(rows, {
        width: size.x,
        height: size.y,
        zoom,
        measure,
        obstacles: [
          ...[pins.home, ...pins.pharmacies].flatMap((at) =>
            at ? [pinBox(map.latLngToContainerPoint(at))] : [],
          ),
          ...controlBoxes(map),
        ],
        home: pins.home ? { latitude: pins.home.lat, longitude: pins.home.lng } : null,
        project: (latitude, longitude) => map.latLngToContainerPoint([latitude, longitude]),
      });
      towns.clearLayers();
      for (const town of placed) {
        const marker = L.marker([town.latitude, town.longitude], {
          pane: panes.towns.name,
          interactive: false,
          keyboard: false,
          icon: L.divIcon({
            className: [
              'pharmacy-map-town',
              town.population >= 100_000 ? 'is-city' : '',
              town.side === 'left' ? 'is-left' : '',
            ].join(' '),
            html: '<span class="pharmacy-map-town-dot"></span><span class="pharmacy-map-town-name"></span>',
            iconSize: [0, 0],
          }),
        }).addTo(towns);
        // The name is set as text, never as HTML.
        const name = marker.getElement()?.querySelector<HTMLElement>('.pharmacy-map-town-name');
        if (name) {
          name.textContent = town.name;
          // A name on the right of its dot is placed by its left edge, and the other way round.
          if (town.offset > 0) name.style[town.side === 'right' ? 'left' : 'right'] = `${6 + town.offset}px`;
        }
      }
    });
  };
  map.on('moveend', update);
  update();
  return {
    refresh: update,
    remove: () => map.off('moveend', update),
  };
}
