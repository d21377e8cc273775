import { describe, expect, it } from 'vitest';
import type { TrackingRecord } from '@repo/contracts';
import { trackingRecordExample } from '@repo/contracts/testing';
import { mapScene, mapTiles, technicianPlace } from '../map.ts';

/** A dispatched visit with nothing live known yet. */
const trackingRecord = trackingRecordExample;

const technicianAt = (lat: number, lng: number): TrackingRecord['location'] => ({ lat, lng, address: null, lastUpdated: '2026-03-10T17:40:00.000Z' });

describe('mapScene', () => {
  it('draws nothing and looks at the default view (29.9012, -81.3124, zoom 13) while no position is known', () => {
    expect(mapScene(trackingRecord())).toEqual({
      technician: undefined,
      customer: undefined,
      route: [],
      fit: [],
      center: { lat: 29.9012, lng: -81.3124 },
      zoom: 13,
    });
  });

  it("centres on the customer's place, without a technician marker, until the technician reports a position", () => {
    const scene = mapScene(trackingRecord({ customerLocation: { lat: 29.58, lng: -81.21, address: 'Palm Coast, FL 32137', precision: 'zip', centreOf: '32137' } }));
    expect(scene.technician).toBeUndefined();
    expect(scene.customer).toEqual({ lat: 29.58, lng: -81.21 });
    expect(scene.center).toEqual({ lat: 29.58, lng: -81.21 });
    expect(scene.fit).toEqual([]);
  });

  it('fits both places and ends the drawn trip at the technician', () => {
    const scene = mapScene(
      trackingRecord({
        location: technicianAt(29.9, -81.31),
        customerLocation: { lat: 29.89, lng: -81.313, address: '12 Aviles Street', precision: 'street', centreOf: null },
        route: [
          { lat: 29.92, lng: -81.33 },
          { lat: 29.91, lng: -81.32 },
        ],
      }),
    );
    expect(scene.fit).toEqual([
      { lat: 29.9, lng: -81.31 },
      { lat: 29.89, lng: -81.313 },
    ]);
    expect(scene.route).toEqual([
      { lat: 29.92, lng: -81.33 },
      { lat: 29.91, lng: -81.32 },
      { lat: 29.9, lng: -81.31 },
    ]);
  });

  it('draws the trip since it last left the home, so the line never runs on past the home pin', () => {
    const home = { lat: 29.89, lng: -81.313 };
    const scene = mapScene(
      trackingRecord({
        location: technicianAt(29.905, -81.32),
        customerLocation: { ...home, address: '12 Aviles Street', precision: 'street', centreOf: null },
        // An earlier trip arrived at the home (within 150 m), then a new one started 6 km out.
        route: [
          { lat: 29.9, lng: -81.31 },
          { lat: 29.8905, lng: -81.3132 },
          { lat: 29.91, lng: -81.37 },
          { lat: 29.905, lng: -81.32 },
        ],
      }),
    );
    expect(scene.route).toEqual([
      { lat: 29.91, lng: -81.37 },
      { lat: 29.905, lng: -81.32 },
    ]);
  });

  it('keeps a trip that ends at the home whole: the line arrives at the pin', () => {
    const home = { lat: 29.89, lng: -81.313 };
    const route = [
      { lat: 29.9, lng: -81.31 },
      { lat: 29.8905, lng: -81.3132 },
    ];
    const scene = mapScene(trackingRecord({ customerLocation: { ...home, address: '12 Aviles Street', precision: 'street', centreOf: null }, route }));
    expect(scene.route).toEqual(route);
  });

  it('does not repeat the last route point when it is the current position', () => {
    const scene = mapScene(trackingRecord({ location: technicianAt(29.9, -81.31), route: [{ lat: 29.9, lng: -81.31 }] }));
    expect(scene.route).toEqual([{ lat: 29.9, lng: -81.31 }]);
    expect(scene.center).toEqual({ lat: 29.9, lng: -81.31 });
  });
});

describe('map settings', () => {
  it("uses OpenStreetMap's tiles with their attribution unless the build names others", () => {
    expect(mapTiles.url).toBe('https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(mapTiles.attribution).toContain('OpenStreetMap');
  });

  it("names the technician's place by its address, else its coordinates to 4 decimals", () => {
    expect(technicianPlace({ ...technicianAt(29.894712, -81.31451)!, address: '1 King Street' })).toBe('1 King Street');
    expect(technicianPlace(technicianAt(29.894712, -81.31451)!)).toBe('29.8947, -81.3145');
  });
});
