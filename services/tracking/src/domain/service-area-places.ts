/**
 * Approximate centre points of the service area's ZIP codes and towns (St Johns and Flagler counties, northern Putnam,
 * southern Duval and the Jacksonville Beaches), for the offline geocoder. A ZIP's point is near the middle of where
 * its addresses are; good enough for a distance and an ETA, never for turn-by-turn directions.
 */

export type PlaceCentre = { lat: number; lng: number; name: string };

/** By 5-digit ZIP code. */
export const zipCentres: Readonly<Record<string, PlaceCentre>> = {
  // St Johns County
  '32080': { lat: 29.8383, lng: -81.2737, name: 'St Augustine Beach' },
  '32084': { lat: 29.8977, lng: -81.3422, name: 'St Augustine' },
  '32085': { lat: 29.8947, lng: -81.3145, name: 'St Augustine' },
  '32086': { lat: 29.809, lng: -81.317, name: 'St Augustine' },
  '32092': { lat: 29.962, lng: -81.496, name: 'St Augustine' },
  '32095': { lat: 30.005, lng: -81.406, name: 'St Augustine' },
  '32004': { lat: 30.2397, lng: -81.3856, name: 'Ponte Vedra Beach' },
  '32081': { lat: 30.11, lng: -81.418, name: 'Ponte Vedra' },
  '32082': { lat: 30.21, lng: -81.37, name: 'Ponte Vedra Beach' },
  '32033': { lat: 29.776, lng: -81.438, name: 'Elkton' },
  '32145': { lat: 29.718, lng: -81.508, name: 'Hastings' },
  '32259': { lat: 30.083, lng: -81.553, name: 'St Johns' },
  // Flagler County
  '32110': { lat: 29.44, lng: -81.3, name: 'Bunnell' },
  '32135': { lat: 29.585, lng: -81.208, name: 'Palm Coast' },
  '32136': { lat: 29.475, lng: -81.127, name: 'Flagler Beach' },
  '32137': { lat: 29.58, lng: -81.22, name: 'Palm Coast' },
  '32142': { lat: 29.585, lng: -81.208, name: 'Palm Coast' },
  '32164': { lat: 29.486, lng: -81.206, name: 'Palm Coast' },
  // Northern Putnam County
  '32007': { lat: 29.773, lng: -81.635, name: 'Bostwick' },
  '32131': { lat: 29.658, lng: -81.601, name: 'East Palatka' },
  '32177': { lat: 29.6486, lng: -81.6376, name: 'Palatka' },
  '32187': { lat: 29.6, lng: -81.585, name: 'San Mateo' },
  // Southern Duval County and the Beaches
  '32207': { lat: 30.29, lng: -81.64, name: 'Jacksonville' },
  '32216': { lat: 30.28, lng: -81.58, name: 'Jacksonville' },
  '32217': { lat: 30.24, lng: -81.62, name: 'Jacksonville' },
  '32223': { lat: 30.155, lng: -81.63, name: 'Jacksonville' },
  '32224': { lat: 30.27, lng: -81.45, name: 'Jacksonville' },
  '32225': { lat: 30.35, lng: -81.5, name: 'Jacksonville' },
  '32233': { lat: 30.35, lng: -81.42, name: 'Atlantic Beach' },
  '32240': { lat: 30.2947, lng: -81.3931, name: 'Jacksonville Beach' },
  '32246': { lat: 30.29, lng: -81.52, name: 'Jacksonville' },
  '32250': { lat: 30.28, lng: -81.4, name: 'Jacksonville Beach' },
  '32256': { lat: 30.21, lng: -81.55, name: 'Jacksonville' },
  '32257': { lat: 30.195, lng: -81.615, name: 'Jacksonville' },
  '32258': { lat: 30.15, lng: -81.57, name: 'Jacksonville' },
  '32266': { lat: 30.315, lng: -81.404, name: 'Neptune Beach' },
  '32277': { lat: 30.37, lng: -81.59, name: 'Jacksonville' },
};

/** By town name as `normalizeTown` writes it (lower case, "Saint"/"St." as "st", single spaces). */
export const townCentres: Readonly<Record<string, PlaceCentre>> = {
  'st augustine': { lat: 29.8947, lng: -81.3145, name: 'St Augustine' },
  'st augustine beach': { lat: 29.8506, lng: -81.2656, name: 'St Augustine Beach' },
  'st augustine shores': { lat: 29.8108, lng: -81.3106, name: 'St Augustine Shores' },
  'vilano beach': { lat: 29.9183, lng: -81.3023, name: 'Vilano Beach' },
  'butler beach': { lat: 29.7986, lng: -81.2673, name: 'Butler Beach' },
  'crescent beach': { lat: 29.758, lng: -81.25, name: 'Crescent Beach' },
  'world golf village': { lat: 29.968, lng: -81.487, name: 'World Golf Village' },
  'ponte vedra': { lat: 30.11, lng: -81.418, name: 'Ponte Vedra' },
  'ponte vedra beach': { lat: 30.2397, lng: -81.3856, name: 'Ponte Vedra Beach' },
  nocatee: { lat: 30.11, lng: -81.418, name: 'Nocatee' },
  'palm valley': { lat: 30.1772, lng: -81.3878, name: 'Palm Valley' },
  'st johns': { lat: 30.0814, lng: -81.5476, name: 'St Johns' },
  'fruit cove': { lat: 30.1111, lng: -81.6415, name: 'Fruit Cove' },
  switzerland: { lat: 30.05, lng: -81.62, name: 'Switzerland' },
  elkton: { lat: 29.7761, lng: -81.4356, name: 'Elkton' },
  hastings: { lat: 29.718, lng: -81.5081, name: 'Hastings' },
  'palm coast': { lat: 29.5845, lng: -81.2079, name: 'Palm Coast' },
  bunnell: { lat: 29.4661, lng: -81.2579, name: 'Bunnell' },
  'flagler beach': { lat: 29.475, lng: -81.127, name: 'Flagler Beach' },
  'beverly beach': { lat: 29.5133, lng: -81.1453, name: 'Beverly Beach' },
  marineland: { lat: 29.6686, lng: -81.2148, name: 'Marineland' },
  palatka: { lat: 29.6486, lng: -81.6376, name: 'Palatka' },
  'east palatka': { lat: 29.6583, lng: -81.6017, name: 'East Palatka' },
  'san mateo': { lat: 29.6, lng: -81.585, name: 'San Mateo' },
  bostwick: { lat: 29.773, lng: -81.635, name: 'Bostwick' },
  jacksonville: { lat: 30.3322, lng: -81.6557, name: 'Jacksonville' },
  'jacksonville beach': { lat: 30.2947, lng: -81.3931, name: 'Jacksonville Beach' },
  'jax beach': { lat: 30.2947, lng: -81.3931, name: 'Jacksonville Beach' },
  'neptune beach': { lat: 30.3117, lng: -81.3965, name: 'Neptune Beach' },
  'atlantic beach': { lat: 30.3344, lng: -81.3987, name: 'Atlantic Beach' },
  mandarin: { lat: 30.16, lng: -81.66, name: 'Mandarin' },
};
