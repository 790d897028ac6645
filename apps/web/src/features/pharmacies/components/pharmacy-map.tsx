/**
 * The pharmacies map (spec 001 §2; decision 088). Loaded lazily (React.lazy in the page), so Leaflet,
 * its stylesheet and the boundaries reach only the pharmacies page.
 *
 * Works with no internet: the base layer is drawn from bundled data (offline-basemap.ts: land, water,
 * state and county lines, town names; decision 182); a tile layer is added only when the server names a tile
 * server (MAP_TILE_URL), which the CSP then admits. Markers are not keyboard stops: the list beside
 * the map holds every pharmacy and every action, and it selects the marker it shows.
 */
import { useEffect, useRef } from 'react';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { formatPharmacyPhone, type Pharmacy } from '@dermis/contract';
import { Box } from '@mantine/core';
import { currentLanguage, t } from '../../../lib/i18n';
import { placeablePharmacies, type MapView } from '../map-view';
import { mapHeight } from './map-size';
import { addOfflineBasemap, type OfflineBasemap } from './offline-basemap';
import './pharmacy-map.css';

export interface PharmacyMapProps {
  pharmacies: Pharmacy[];
  view: MapView;
  /** Shown in the home marker's tooltip and popup. */
  homeLabel: string;
  selectedId: number | null;
  onSelect: (id: number) => void;
  /** Zoom to the pharmacies instead of the home (a search's results may be anywhere). */
  fitToPharmacies?: boolean;
  tileUrl?: string | null;
  tileAttribution?: string | null;
  /** The practice's own PMTiles file, served by the portal (decision 182); drawn instead of the bundled data. */
  pmtilesUrl?: string | null;
}

/** The bundled data has no streets: closer than this shows nothing more (decision 088). */
const offlineMaxZoom = 12;

/** Spec 001 §2: info windows at most 200 px wide (the height is in map-size.ts). */
const popupMaxWidth = 200;

function popupContent(pharmacy: Pharmacy): HTMLElement {
  const root = document.createElement('div');
  root.className = 'pharmacy-map-popup';
  const name = document.createElement('strong');
  name.textContent = pharmacy.storeName;
  root.append(name);
  const a = pharmacy.addressInformationInfo;
  for (const line of [
    a.streetAddressLn1,
    [a.city, [a.state, a.zip].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ]) {
    if (!line) continue;
    const div = document.createElement('div');
    div.textContent = line;
    root.append(div);
  }
  const phone = formatPharmacyPhone(pharmacy.primaryPhoneNumber);
  if (phone) {
    const div = document.createElement('div');
    div.textContent = phone;
    root.append(div);
  }
  return root;
}

function pharmacyIcon(pharmacy: Pharmacy, selected: boolean): L.DivIcon {
  const classes = ['pharmacy-map-marker'];
  if (pharmacy.favorite) classes.push('is-favorite');
  if (selected) classes.push('is-selected');
  return L.divIcon({
    className: classes.join(' '),
    html: '<span class="pharmacy-map-pin" aria-hidden="true"></span>',
    iconSize: [26, 34],
    iconAnchor: [13, 34],
    popupAnchor: [0, -30],
  });
}

const homeIcon = L.divIcon({
  className: 'pharmacy-map-home',
  html: '<span class="pharmacy-map-home-pin" aria-hidden="true"></span>',
  iconSize: [30, 38],
  iconAnchor: [15, 38],
  popupAnchor: [0, -34],
});

/**
 * A map is built for its tiles. The practice's tiles can be known only after the map was drawn on the
 * bundled ones: new tile settings make a map of their own, drawn with its home and pharmacies from the
 * start (the effects that place them would not run again on a map rebuilt in place).
 */
export default function PharmacyMap(props: PharmacyMapProps) {
  const tiles = [props.tileUrl, props.tileAttribution, props.pmtilesUrl].join(' ');
  return <TiledMap key={tiles} {...props} />;
}

function TiledMap({
  pharmacies,
  view,
  homeLabel,
  selectedId,
  onSelect,
  fitToPharmacies = false,
  tileUrl = null,
  tileAttribution = null,
  pmtilesUrl = null,
}: PharmacyMapProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const markersRef = useRef(new Map<number, { marker: L.Marker; pharmacy: Pharmacy }>());
  const layerRef = useRef<L.LayerGroup | null>(null);
  const homeRef = useRef<L.Marker | null>(null);
  const basemapRef = useRef<OfflineBasemap | null>(null);
  const onSelectRef = useRef(onSelect);
  useEffect(() => {
    onSelectRef.current = onSelect;
  }, [onSelect]);

  // The map itself, once.
  useEffect(() => {
    const container = containerRef.current;
    const markers = markersRef.current;
    if (!container) return;
    const map = L.map(container, {
      center: [view.center.latitude, view.center.longitude],
      zoom: view.zoom,
      minZoom: 3,
      maxZoom: tileUrl || pmtilesUrl ? 19 : offlineMaxZoom,
      zoomControl: false,
      attributionControl: true,
    });
    L.control.zoom({ zoomInTitle: t('pharmacies.zoomIn'), zoomOutTitle: t('pharmacies.zoomOut') }).addTo(map);
    map.attributionControl.setPrefix('Leaflet');
    const offline = () => {
      // Town names keep clear of the pins.
      basemapRef.current = addOfflineBasemap(map, () => ({
        home: homeRef.current?.getLatLng() ?? null,
        pharmacies: [...markers.values()].map(({ marker }) => marker.getLatLng()),
      }));
      map.attributionControl.addAttribution(t('pharmacies.mapBoundaries'));
    };
    let removed = false;
    if (tileUrl) {
      L.tileLayer(tileUrl, { attribution: tileAttribution ?? '', maxZoom: 19 }).addTo(map);
    } else if (pmtilesUrl) {
      import('./pmtiles-basemap')
        .then(({ pmtilesLayer }) => {
          if (!removed) pmtilesLayer(pmtilesUrl, currentLanguage(), tileAttribution).addTo(map);
        })
        // The chunk did not load: the bundled map still places the pharmacies.
        .catch(() => {
          if (removed) return;
          map.setMaxZoom(offlineMaxZoom);
          offline();
        });
    } else {
      offline();
    }
    // The zoom shown, for the browser tests to wait on (a zoom animates).
    const showZoom = () => container.setAttribute('data-zoom', String(map.getZoom()));
    map.on('zoomend', showZoom);
    showZoom();
    layerRef.current = L.layerGroup().addTo(map);
    mapRef.current = map;
    // The page's columns change width (a phone turned, the window resized): Leaflet must re-measure.
    const resized =
      typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => map.invalidateSize());
    resized?.observe(container);
    return () => {
      removed = true;
      resized?.disconnect();
      basemapRef.current?.remove();
      basemapRef.current = null;
      map.remove();
      mapRef.current = null;
      layerRef.current = null;
      homeRef.current = null;
      markers.clear();
    };
    // The view is applied by the effects below; the map is built once (new tiles remount it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The home marker and the view (spec §2: zoom 6 on the home, else the default view).
  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    homeRef.current?.remove();
    homeRef.current = null;
    if (view.home) {
      homeRef.current = L.marker([view.home.latitude, view.home.longitude], {
        icon: homeIcon,
        title: homeLabel,
        alt: homeLabel,
        keyboard: false,
        zIndexOffset: 1000,
      })
        .bindPopup(homeLabel, { maxWidth: popupMaxWidth })
        .addTo(map);
      homeRef.current.getElement()?.setAttribute('data-testid', 'pharmacy-map-home');
    }
    if (!fitToPharmacies) map.setView([view.center.latitude, view.center.longitude], view.zoom);
    basemapRef.current?.refresh();
  }, [view, homeLabel, fitToPharmacies]);

  // The pharmacy markers.
  useEffect(() => {
    const map = mapRef.current;
    const layer = layerRef.current;
    if (!map || !layer) return;
    layer.clearLayers();
    markersRef.current.clear();
    const placed = placeablePharmacies(pharmacies, (message) => console.warn(message));
    for (const pharmacy of placed) {
      const marker = L.marker([pharmacy.latitude, pharmacy.longitude], {
        icon: pharmacyIcon(pharmacy, false),
        title: pharmacy.storeName,
        alt: pharmacy.storeName,
        keyboard: false,
      })
        .bindPopup(popupContent(pharmacy), { maxWidth: popupMaxWidth })
        .on('click', () => onSelectRef.current(pharmacy.id))
        .addTo(layer);
      marker.getElement()?.setAttribute('data-pharmacy-id', String(pharmacy.id));
      markersRef.current.set(pharmacy.id, { marker, pharmacy });
    }
    if (fitToPharmacies && placed.length > 0) {
      map.fitBounds(L.latLngBounds(placed.map((p) => [p.latitude, p.longitude] as [number, number])), {
        padding: [30, 30],
        maxZoom: 11,
      });
    }
    basemapRef.current?.refresh();
  }, [pharmacies, fitToPharmacies]);

  // The selection: its marker highlighted, in front, with its popup open.
  useEffect(() => {
    for (const [id, { marker, pharmacy }] of markersRef.current) {
      const selected = id === selectedId;
      marker.setIcon(pharmacyIcon(pharmacy, selected));
      marker.getElement()?.setAttribute('data-pharmacy-id', String(id));
      marker.setZIndexOffset(selected ? 500 : 0);
      if (selected && !marker.isPopupOpen()) marker.openPopup();
    }
  }, [selectedId, pharmacies]);

  return (
    <Box
      ref={containerRef}
      className="pharmacy-map"
      h={mapHeight}
      role="region"
      aria-label={t('pharmacies.map')}
      data-testid="pharmacy-map"
    />
  );
}
