/**
 * The Leaflet map of the tracking page. This module (with Leaflet and its CSS) is its own chunk, loaded only when the
 * tracking page shows a visit: `live-map.tsx` imports it lazily.
 */
import 'leaflet/dist/leaflet.css';
import './tracking-map.css';
import { useEffect, useMemo, useState } from 'react';
import { divIcon, latLngBounds } from 'leaflet';
import { AttributionControl, MapContainer, Marker, Polyline, Popup, TileLayer, useMap } from 'react-leaflet';
import { approximateHomeNote, type TrackingRecord } from '@repo/contracts';
import { formatDayTime } from '../../../lib/dates.ts';
import { mapLabel, mapScene, mapTiles, technicianPlace, type MapPoint } from '../lib/map.ts';

export type TrackingMapProps = { record: TrackingRecord; technicianName: string | undefined };

/** A map pin drawn inline (no image from a public host), with a symbol inside; the marker's title names it. */
function pin(color: string, symbol: string) {
  return divIcon({
    className: 'tracking-map-pin',
    html: `<svg aria-hidden="true" focusable="false" width="36" height="46" viewBox="0 0 36 46" xmlns="http://www.w3.org/2000/svg"><path d="M18 45c-1-1.6-15-17.3-15-27.5a15 15 0 0 1 30 0C33 27.7 19 43.4 18 45z" fill="${color}" stroke="#fff" stroke-width="2"/><circle cx="18" cy="17.5" r="10" fill="#fff"/>${symbol}</svg>`,
    iconSize: [36, 46],
    iconAnchor: [18, 45],
    popupAnchor: [0, -40],
  });
}

// A van for the technician, a house for the customer.
const technicianIcon = pin(
  '#1c5fb8',
  '<path d="M10 14h9v7h-9zM19 16h3.5l2.5 3v2h-6z" fill="#1c5fb8"/><circle cx="13" cy="21.5" r="1.8" fill="#1c5fb8"/><circle cx="22" cy="21.5" r="1.8" fill="#1c5fb8"/>',
);
const customerIcon = pin('#c92a2a', '<path d="M18 10.5l-7 6h2v6.5h4v-4h2v4h4V16.5h2z" fill="#c92a2a"/>');

const toLatLng = ({ lat, lng }: MapPoint): [number, number] => [lat, lng];

/**
 * Keeps the view on what matters as positions change: both the technician and the customer in view, or the one
 * known place at the default zoom. The map is fitted again when its box changes size (its CSS arriving, a phone
 * turned), since Leaflet only measures the box when asked.
 */
function FollowView({ fit, center, zoom }: { fit: MapPoint[]; center: MapPoint; zoom: number }) {
  const map = useMap();
  const key = JSON.stringify([fit, center, zoom]);
  useEffect(() => {
    const [points, middle, level] = JSON.parse(key) as [MapPoint[], MapPoint, number];
    const show = () => {
      const size = map.getSize();
      if (points.length >= 2 && size.x > 0 && size.y > 0) {
        // More room above the points: the pins stand on them, and the tiles note sits at the top.
        map.fitBounds(latLngBounds(points.map(toLatLng)), { paddingTopLeft: [40, 80], paddingBottomRight: [40, 30], maxZoom: 16, animate: false });
      } else {
        map.setView(toLatLng(points[0] ?? middle), level, { animate: false });
      }
    };
    show();
    if (typeof ResizeObserver === 'undefined') return undefined;
    const container = map.getContainer();
    let measured = `${container.clientWidth}x${container.clientHeight}`;
    const observer = new ResizeObserver(() => {
      const now = `${container.clientWidth}x${container.clientHeight}`;
      if (now === measured) return;
      measured = now;
      map.invalidateSize({ animate: false });
      show();
    });
    observer.observe(container);
    return () => observer.disconnect();
  }, [map, key]);
  return null;
}

/** Names the map for assistive technology (Leaflet makes its container focusable, for panning with the arrow keys). */
function NameTheMap({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

type TileState = 'waiting' | 'loaded' | 'failed';

export default function TrackingMap({ record, technicianName }: TrackingMapProps) {
  const scene = useMemo(() => mapScene(record), [record]);
  const [tiles, setTiles] = useState<TileState>('waiting');
  const tileEvents = useMemo(
    () => ({
      tileload: () => setTiles('loaded'),
      // Once any tile has loaded the map is readable; a few missing tiles are not worth a note.
      tileerror: () => setTiles((state) => (state === 'loaded' ? state : 'failed')),
    }),
    [],
  );
  const { location, customerLocation } = record;
  const who = technicianName ?? 'Your technician';
  const approximateHome = approximateHomeNote(customerLocation);
  const homeName = approximateHome ? 'Your address (approximate)' : 'Your address';

  return (
    <div className="tracking-map" data-tiles={tiles}>
      {/* The wheel scrolls the page, not the map; the tiles' attribution only (one line on a phone). */}
      <MapContainer center={toLatLng(scene.center)} zoom={scene.zoom} scrollWheelZoom={false} attributionControl={false} className="tracking-map-canvas">
        <AttributionControl prefix={false} />
        <NameTheMap label={mapLabel} />
        <TileLayer url={mapTiles.url} attribution={mapTiles.attribution} eventHandlers={tileEvents} />
        <FollowView fit={scene.fit} center={scene.center} zoom={scene.zoom} />
        {scene.route.length >= 2 ? <Polyline positions={scene.route.map(toLatLng)} pathOptions={{ color: '#1c5fb8', weight: 5, opacity: 0.85, interactive: false }} /> : null}
        {scene.technician && scene.customer ? (
          <Polyline positions={[toLatLng(scene.technician), toLatLng(scene.customer)]} pathOptions={{ color: '#495057', weight: 2, dashArray: '6 8', opacity: 0.8, interactive: false }} />
        ) : null}
        {scene.customer ? (
          <Marker position={toLatLng(scene.customer)} icon={customerIcon} title={homeName} alt={homeName}>
            <Popup>
              <strong>Your address</strong>
              <br />
              {customerLocation.address}
              {approximateHome ? (
                <>
                  <br />
                  {approximateHome}
                </>
              ) : null}
            </Popup>
          </Marker>
        ) : null}
        {scene.technician && location ? (
          <Marker position={toLatLng(scene.technician)} icon={technicianIcon} title="Your technician" alt="Your technician" zIndexOffset={1000}>
            <Popup>
              <strong>{who}</strong>
              <br />
              {technicianPlace(location)}
              <br />
              {`Updated ${formatDayTime(location.lastUpdated)}`}
            </Popup>
          </Marker>
        ) : null}
      </MapContainer>
      {tiles === 'failed' ? (
        <p className="tracking-map-note" role="status">
          Map tiles unavailable — positions are still live
        </p>
      ) : null}
    </div>
  );
}
