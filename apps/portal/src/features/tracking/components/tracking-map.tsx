/**
 * The Leaflet map of the tracking page. This module (with Leaflet and its CSS) is its own chunk, loaded only when the
 * tracking page shows a visit: `live-map.tsx` imports it lazily.
 */
import 'leaflet/dist/leaflet.css';
import '@repo/ui/map.css';
import './tracking-map.css';
import { useMemo } from 'react';
import { divIcon } from 'leaflet';
import { AttributionControl, MapContainer, Marker, Polyline, Popup, TileLayer } from 'react-leaflet';
import { FitView, NameTheMap, toLatLng, useTileState } from '@repo/ui/map';
import { approximateHomeNote, type TrackingRecord } from '@repo/contracts';
import { formatDayTime } from '../../../lib/dates.ts';
import { mapLabel, mapScene, mapTiles, technicianPlace } from '../lib/map.ts';

export type TrackingMapProps = { record: TrackingRecord; technicianName: string | undefined };

/** A map pin drawn inline (no image from a public host), with a symbol inside; the marker's title names it. */
function pin(color: string, symbol: string) {
  return divIcon({
    className: 'map-pin',
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

export default function TrackingMap({ record, technicianName }: TrackingMapProps) {
  const scene = useMemo(() => mapScene(record), [record]);
  const { tiles, events: tileEvents } = useTileState();
  const { location, customerLocation } = record;
  const who = technicianName ?? 'Your technician';
  const approximateHome = approximateHomeNote(customerLocation);
  const homeName = approximateHome ? 'Your address (approximate)' : 'Your address';

  return (
    <div className="map-frame tracking-map" data-tiles={tiles}>
      {/* The wheel scrolls the page, not the map; the tiles' attribution only (one line on a phone). */}
      <MapContainer center={toLatLng(scene.center)} zoom={scene.zoom} scrollWheelZoom={false} attributionControl={false} className="map-canvas tracking-map-canvas">
        <AttributionControl prefix={false} />
        <NameTheMap label={mapLabel} />
        <TileLayer url={mapTiles.url} attribution={mapTiles.attribution} eventHandlers={tileEvents} />
        {/* More room above the points: the pins stand on them, and the tiles note sits at the top. */}
        <FitView fit={scene.fit} center={scene.center} zoom={scene.zoom} paddingTopLeft={[40, 80]} paddingBottomRight={[40, 30]} maxZoom={16} />
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
        <p className="map-note" role="status">
          Map tiles unavailable — positions are still live
        </p>
      ) : null}
    </div>
  );
}
