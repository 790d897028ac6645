/**
 * The practice's own PMTiles basemap (MAP_PMTILES_FILE, decision 182), drawn by protomaps-leaflet from
 * the archive the portal serves: streets, water and place names in the app's language, with no tile
 * server. Its own chunk: loaded only when a practice has set the file.
 */
import L from 'leaflet';
import { leafletLayer } from 'protomaps-leaflet';

export function pmtilesLayer(url: string, language: string, attribution: string | null): L.Layer {
  // protomaps-leaflet extends the global Leaflet (L.GridLayer), as a page with a script tag would have it.
  (globalThis as { L?: typeof L }).L ??= L;
  return leafletLayer({
    url,
    flavor: 'light',
    lang: language,
    // Its default names Protomaps and OpenStreetMap; a practice's file may come from elsewhere.
    ...(attribution ? { attribution } : {}),
  }) as unknown as L.Layer;
}
