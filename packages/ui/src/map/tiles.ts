export type MapPoint = { lat: number; lng: number };

type ViteEnv = Record<string, string | boolean | undefined>;

/**
 * The maps' tile service, chosen at build time: VITE_MAP_TILE_URL (a Leaflet tile template) and its attribution
 * (VITE_MAP_TILE_ATTRIBUTION), OpenStreetMap's by default.
 */
export function readMapTiles(env: ViteEnv): { url: string; attribution: string } {
  const text = (value: string | boolean | undefined) => (typeof value === 'string' && value !== '' ? value : undefined);
  return {
    url: text(env.VITE_MAP_TILE_URL) ?? 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution: text(env.VITE_MAP_TILE_ATTRIBUTION) ?? '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors',
  };
}
