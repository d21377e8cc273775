/**
 * What the apps' Leaflet maps share (the portal's tracking map, the dispatch board's Map view): the tile service, the
 * view that follows what is drawn, the map's accessible name and whether the tiles loaded. Imported only by the maps'
 * own lazy chunks, so Leaflet stays out of every other bundle; `@repo/ui/map.css` is their shared style, and the
 * tile service (`readMapTiles`, no Leaflet) comes from `@repo/ui`.
 */
import { useEffect, useMemo, useState } from 'react';
import { latLngBounds, type PointTuple } from 'leaflet';
import { useMap } from 'react-leaflet';
import type { MapPoint } from './tiles.ts';

export const toLatLng = ({ lat, lng }: MapPoint): [number, number] => [lat, lng];

export type FitViewProps = {
  /** Fit the view to these points when there are two or more; otherwise centre on the one point, or `center`, at `zoom`. */
  fit: MapPoint[];
  center: MapPoint;
  zoom: number;
  /** Room kept around the points: more above, where the pins stand and the tiles note sits. */
  paddingTopLeft: PointTuple;
  paddingBottomRight: PointTuple;
  maxZoom: number;
};

/**
 * Keeps the view on what matters as positions change, and fits it again when the map's box changes size (its CSS
 * arriving, a phone turned), since Leaflet only measures the box when asked.
 */
export function FitView({ fit, center, zoom, paddingTopLeft, paddingBottomRight, maxZoom }: FitViewProps) {
  const map = useMap();
  const key = JSON.stringify([fit, center, zoom, paddingTopLeft, paddingBottomRight, maxZoom]);
  useEffect(() => {
    const [points, middle, level, topLeft, bottomRight, most] = JSON.parse(key) as [MapPoint[], MapPoint, number, PointTuple, PointTuple, number];
    const show = () => {
      const size = map.getSize();
      if (points.length >= 2 && size.x > 0 && size.y > 0) {
        map.fitBounds(latLngBounds(points.map(toLatLng)), { paddingTopLeft: topLeft, paddingBottomRight: bottomRight, maxZoom: most, animate: false });
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
export function NameTheMap({ label }: { label: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
  }, [map, label]);
  return null;
}

export type TileState = 'waiting' | 'loaded' | 'failed';

/**
 * Whether the tiles load, for the map's `data-tiles` (the grid drawn without them) and its note; `events` go to the
 * TileLayer. Once any tile has loaded the map is readable, so a few missing tiles later are not worth a note.
 */
export function useTileState(): { tiles: TileState; events: { tileload: () => void; tileerror: () => void } } {
  const [tiles, setTiles] = useState<TileState>('waiting');
  const events = useMemo(
    () => ({
      tileload: () => setTiles('loaded'),
      tileerror: () => setTiles((state) => (state === 'loaded' ? state : 'failed')),
    }),
    [],
  );
  return { tiles, events };
}
