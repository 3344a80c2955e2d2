import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';

const inputClass =
  'w-full rounded-lg border border-neutral-300 bg-white px-3 py-2.5 text-neutral-900 focus:border-neutral-900 focus:ring-2 focus:ring-neutral-900/20 focus:outline-none';

/**
 * The store's point: latitude and longitude fields (the form's values, enough without JavaScript or map tiles) and,
 * with MAP_TILE_URL, a Leaflet map loaded on the client only, where a click or dragging the pin moves the point.
 */
export function LocationPicker({ lat, lng, tileUrl }: { lat: number; lng: number; tileUrl: string }) {
  const { t } = useTranslation();
  const [point, setPoint] = useState({ lat: lat.toFixed(6), lng: lng.toFixed(6) });
  const box = useRef<HTMLDivElement>(null);
  const marker = useRef<{ setLatLng(p: [number, number]): void } | null>(null);

  useEffect(() => {
    if (!tileUrl || !box.current) return;
    let map: { remove(): void } | null = null;
    let cancelled = false;
    void Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]).then(([mod]) => {
      const L = (mod as unknown as { default?: typeof import('leaflet') }).default ?? (mod as typeof import('leaflet'));
      if (cancelled || !box.current) return;
      const known = lat !== 0 || lng !== 0;
      const m = L.map(box.current, { scrollWheelZoom: false }).setView([lat, lng], known ? 15 : 2);
      L.tileLayer(tileUrl, { maxZoom: 19, attribution: '© OpenStreetMap' }).addTo(m);
      const pin = L.circleMarker([lat, lng], { radius: 10, color: '#171717', fillColor: '#bef264', fillOpacity: 1 });
      pin.addTo(m);
      marker.current = pin;
      m.on('click', (e: { latlng: { lat: number; lng: number } }) => {
        pin.setLatLng([e.latlng.lat, e.latlng.lng]);
        setPoint({ lat: e.latlng.lat.toFixed(6), lng: e.latlng.lng.toFixed(6) });
      });
      map = m;
    });
    return () => {
      cancelled = true;
      map?.remove();
    };
  }, [tileUrl, lat, lng]);

  function typed(key: 'lat' | 'lng', value: string) {
    const next = { ...point, [key]: value };
    setPoint(next);
    const [a, b] = [Number(next.lat), Number(next.lng)];
    if (Number.isFinite(a) && Number.isFinite(b)) marker.current?.setLatLng([a, b]);
  }

  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-sm font-medium text-neutral-800">{t('dealer_location')}</legend>
      {tileUrl ? (
        <div
          ref={box}
          role="application"
          aria-label={t('dealer_map_label')}
          className="h-64 w-full overflow-hidden rounded-xl border border-neutral-200 bg-neutral-100"
        />
      ) : (
        <p className="text-sm text-neutral-600">{t('dealer_map_off')}</p>
      )}
      <div className="grid grid-cols-2 gap-3">
        <div className="flex flex-col gap-1.5">
          <label htmlFor="store-lat" className="text-sm text-neutral-700">
            {t('dealer_latitude')}
          </label>
          <input
            id="store-lat"
            name="lat"
            type="number"
            step="0.000001"
            min={-90}
            max={90}
            required
            value={point.lat}
            onChange={(e) => typed('lat', e.currentTarget.value)}
            className={inputClass}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="store-lng" className="text-sm text-neutral-700">
            {t('dealer_longitude')}
          </label>
          <input
            id="store-lng"
            name="lng"
            type="number"
            step="0.000001"
            min={-180}
            max={180}
            required
            value={point.lng}
            onChange={(e) => typed('lng', e.currentTarget.value)}
            className={inputClass}
          />
        </div>
      </div>
    </fieldset>
  );
}
