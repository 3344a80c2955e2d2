import { useEffect, useRef, useState } from 'react';
import { addStoreMarkers } from './store-markers.ts';

export interface MapStore {
  _id: string;
  name: string;
  location: { lat: number; lng: number };
}

/**
 * The stores on a map (decision 022). On the server, and without map tiles, a static outline: the stores as numbered
 * dots in their own bounding box (the same numbers as the list). With MAP_TILE_URL, Leaflet is loaded on the client
 * only, lazily, and replaces the outline.
 */
export function StoreMap({
  stores,
  center,
  tileUrl,
  label,
}: {
  stores: MapStore[];
  center: { lat: number; lng: number } | null;
  tileUrl: string;
  label: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [live, setLive] = useState(false);
  useEffect(() => {
    if (!tileUrl || !box.current || stores.length === 0) return;
    let map: { remove(): void } | null = null;
    let cancelled = false;
    void Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]).then(([mod]) => {
      const L = (mod as unknown as { default?: typeof import('leaflet') }).default ?? (mod as typeof import('leaflet'));
      if (cancelled || !box.current) return;
      const m = L.map(box.current, { scrollWheelZoom: false });
      L.tileLayer(tileUrl, { maxZoom: 18, attribution: '© OpenStreetMap' }).addTo(m);
      // Dealer-entered names are text, never HTML (decision 029).
      const points = addStoreMarkers(L, m, stores);
      if (center) L.circleMarker([center.lat, center.lng], { radius: 6, color: '#2563eb' }).addTo(m);
      m.fitBounds(L.latLngBounds(center ? [...points, L.latLng(center.lat, center.lng)] : points), {
        padding: [30, 30],
        maxZoom: 12,
      });
      map = m;
      setLive(true);
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [tileUrl, stores, center]);

  const points = [...stores.map((s) => s.location), ...(center ? [center] : [])];
  if (points.length === 0) return null;
  const lats = points.map((p) => p.lat);
  const lngs = points.map((p) => p.lng);
  const pad = 0.15;
  let [south, north, west, east] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  const spanLat = Math.max(north - south, 0.2);
  const spanLng = Math.max(east - west, 0.2);
  south -= spanLat * pad;
  north += spanLat * pad;
  west -= spanLng * pad;
  east += spanLng * pad;
  const cos = Math.cos((((south + north) / 2) * Math.PI) / 180);
  const W = 600;
  const H = Math.min(420, Math.max(220, (W * (north - south)) / ((east - west) * cos)));
  const x = (lng: number) => ((lng - west) / (east - west)) * W;
  const y = (lat: number) => ((north - lat) / (north - south)) * H;
  return (
    <div className="relative overflow-hidden rounded-2xl border border-neutral-200 bg-neutral-100">
      <div ref={box} className={live ? 'h-[420px] w-full' : 'hidden'} data-testid="store-map-live" />
      {!live && (
        <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-label={label} className="h-auto w-full" data-testid="store-map">
          <title>{label}</title>
          {[0.25, 0.5, 0.75].map((f) => (
            <g key={f} stroke="#d4d4d4" strokeWidth="1">
              <line x1={0} x2={W} y1={H * f} y2={H * f} />
              <line y1={0} y2={H} x1={W * f} x2={W * f} />
            </g>
          ))}
          {center && <circle cx={x(center.lng)} cy={y(center.lat)} r="7" fill="#2563eb" opacity="0.8" />}
          {stores.map((s, i) => (
            <g key={s._id}>
              <circle
                cx={x(s.location.lng)}
                cy={y(s.location.lat)}
                r="12"
                fill="#bef264"
                stroke="#171717"
                strokeWidth="2"
              />
              <text
                x={x(s.location.lng)}
                y={y(s.location.lat) + 4}
                textAnchor="middle"
                fontSize="12"
                fontWeight="700"
                fill="#171717"
              >
                {i + 1}
              </text>
            </g>
          ))}
        </svg>
      )}
    </div>
  );
}
