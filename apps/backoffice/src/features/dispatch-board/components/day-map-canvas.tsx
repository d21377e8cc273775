/**
 * The Leaflet map of the board's Map view. This module (with Leaflet and its CSS) is its own chunk, loaded only when the
 * Map view opens: `day-map.tsx` imports it lazily.
 */
import 'leaflet/dist/leaflet.css';
import '@repo/ui/map.css';
import './day-map.css';
import { useEffect, useMemo, useRef } from 'react';
import { divIcon, type Marker as LeafletMarker } from 'leaflet';
import { AttributionControl, MapContainer, Marker, Polyline, TileLayer, Tooltip, type MarkerProps } from 'react-leaflet';
import { FitView, NameTheMap, toLatLng, useTileState } from '@repo/ui/map';
import { formatBusinessTime } from '../../../lib/format.ts';
import { mapTiles, type DayMapScene } from '../lib/day-map.ts';
import { stopLabel, windowOf } from './route-text.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A stop: a pin in the technician's colour with their letter and the stop's number ("B3"), drawn inline. */
function stopIcon(color: string, text: string) {
  return divIcon({
    className: 'map-pin',
    html: `<svg aria-hidden="true" focusable="false" width="34" height="44" viewBox="0 0 34 44" xmlns="http://www.w3.org/2000/svg"><path d="M17 43c-1-1.6-15-16.6-15-26a15 15 0 0 1 30 0c0 9.4-14 24.4-15 26z" fill="${color}" stroke="#fff" stroke-width="2"/><text x="17" y="21" text-anchor="middle" font-size="${text.length > 2 ? 9 : 12}" font-weight="700" fill="#fff" font-family="system-ui, sans-serif">${escapeHtml(text)}</text></svg>`,
    iconSize: [34, 44],
    iconAnchor: [17, 43],
    tooltipAnchor: [0, -36],
  });
}

/** The technician now: a round badge with their letter in a white ring, above the stops. */
function technicianIcon(color: string, key: string) {
  return divIcon({
    className: 'map-pin',
    html: `<svg aria-hidden="true" focusable="false" width="34" height="34" viewBox="0 0 34 34" xmlns="http://www.w3.org/2000/svg"><rect x="2" y="2" width="30" height="30" rx="8" fill="${color}" stroke="#fff" stroke-width="3"/><text x="17" y="22" text-anchor="middle" font-size="13" font-weight="700" fill="#fff" font-family="system-ui, sans-serif">${escapeHtml(key)}</text></svg>`,
    iconSize: [34, 34],
    iconAnchor: [17, 17],
    tooltipAnchor: [0, -18],
  });
}

/**
 * A marker whose name (its title, which Leaflet gives the icon only when the marker is made) follows what it says: a
 * technician's "Seen" time changes as they move.
 */
function NamedMarker({ title, ...props }: MarkerProps & { title: string }) {
  const marker = useRef<LeafletMarker>(null);
  useEffect(() => {
    marker.current?.getElement()?.setAttribute('title', title);
  }, [title]);
  return <Marker ref={marker} title={title} {...props} />;
}

export type DayMapCanvasProps = { scene: DayMapScene; label: string };

/**
 * Every technician's position and stops, each route's stops joined in order in its colour. Markers are focusable (Tab)
 * and named by their title; the list beside the map says the same in words.
 */
export default function DayMapCanvas({ scene, label }: DayMapCanvasProps) {
  const { tiles, events: tileEvents } = useTileState();
  const icons = useMemo(
    () =>
      new Map(
        scene.routes.map((route) => [
          route.route.technicianId,
          { technician: technicianIcon(route.color, route.key), stops: route.stops.map((stop) => stopIcon(route.color, `${route.key}${stop.number}`)) },
        ]),
      ),
    [scene],
  );

  return (
    <div className="map-frame day-map" data-tiles={tiles}>
      <MapContainer center={toLatLng(scene.center)} zoom={scene.zoom} scrollWheelZoom={false} attributionControl={false} className="map-canvas day-map-canvas">
        <AttributionControl prefix={false} />
        <NameTheMap label={label} />
        <TileLayer url={mapTiles.url} attribution={mapTiles.attribution} eventHandlers={tileEvents} />
        <FitView fit={scene.fit} center={scene.center} zoom={scene.zoom} paddingTopLeft={[30, 60]} paddingBottomRight={[30, 20]} maxZoom={15} />
        {scene.routes.map((route) =>
          route.line.length >= 2 ? (
            <Polyline key={route.route.technicianId} positions={route.line.map(toLatLng)} pathOptions={{ color: route.color, weight: 4, opacity: 0.85, interactive: false }} />
          ) : null,
        )}
        {scene.routes.flatMap((route) =>
          route.stops.map((stop, index) => {
            if (!stop.point) return null;
            const title = `${route.key}${stop.number}: ${stopLabel(route.route.name, stop)}`;
            return (
              <Marker key={stop.visit.appointmentId} position={toLatLng(stop.point)} icon={icons.get(route.route.technicianId)!.stops[index]!} title={title}>
                <Tooltip>
                  <strong>
                    {route.key}
                    {stop.number} · {route.route.name}
                  </strong>
                  <br />
                  {windowOf(stop.visit)} · {stop.visit.customerName}
                  <br />
                  {stop.visit.address}
                </Tooltip>
              </Marker>
            );
          }),
        )}
        {scene.routes.map((route) => {
          if (!route.position || !route.route.position) return null;
          const seen = `Seen ${formatBusinessTime(route.route.position.lastUpdated)}${route.route.position.address ? ` near ${route.route.position.address}` : ''}`;
          const title = `${route.key}: ${route.route.name} now. ${seen}`;
          return (
            <NamedMarker key={route.route.technicianId} position={toLatLng(route.position)} icon={icons.get(route.route.technicianId)!.technician} title={title} zIndexOffset={1000}>
              <Tooltip>
                <strong>
                  {route.key} · {route.route.name}
                </strong>
                <br />
                {seen}
              </Tooltip>
            </NamedMarker>
          );
        })}
      </MapContainer>
      {tiles === 'failed' ? (
        <p className="map-note" role="status">
          Map tiles unavailable — positions and routes are still drawn
        </p>
      ) : null}
    </div>
  );
}
