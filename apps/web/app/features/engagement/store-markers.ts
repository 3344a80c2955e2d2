import type * as Leaflet from 'leaflet';

export interface MarkerStore {
  name: string;
  location: { lat: number; lng: number };
}

/**
 * The stores' numbered markers on a Leaflet map (decision 022). A store's name is entered by its dealer: it goes into
 * the tooltip as a text node, never as HTML (Leaflet reads a string tooltip as HTML; decision 029). Self-contained
 * (Leaflet is passed in), so a browser test runs this very function on the real Leaflet.
 */
export function addStoreMarkers(L: typeof Leaflet, map: Leaflet.Map, stores: MarkerStore[]): Leaflet.LatLng[] {
  return stores.map((store, i) => {
    const point = L.latLng(store.location.lat, store.location.lng);
    const label = map.getContainer().ownerDocument.createElement('span');
    label.textContent = `${i + 1}. ${store.name}`;
    L.circleMarker(point, { radius: 9, color: '#171717', fillColor: '#bef264', fillOpacity: 1 })
      .bindTooltip(label)
      .addTo(map);
    return point;
  });
}
