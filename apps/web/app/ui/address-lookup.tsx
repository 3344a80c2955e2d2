import type { AddressSuggestion, ParsedAddress } from '@varg/contracts';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router';
import { useTranslation } from '../lib/i18n.ts';
import { useRootData } from '../lib/use-locale.ts';
import type { AddressLookupData } from '../routes/address-lookup.ts';

// The address search above an address form's fields (decision 053): an ARIA 1.2 combobox whose suggestions come from
// the API's geocoding provider; picking one fills the form's own fields, which the buyer can still change. It appears
// only in the browser, once the API says lookup is on: without JavaScript, without a provider or signed out, the
// form is its plain fields.

/** Field names the picked address is written into (the form's own inputs); a name left out is not filled. */
export interface LookupNames {
  line1: string;
  line2: string;
  postalCode: string;
  city: string;
  state?: string | undefined;
  /** The form's country field: its value is the country searched in (else `country`). */
  country?: string | undefined;
}

export const LOOKUP_NAMES: LookupNames = {
  line1: 'line_1',
  line2: 'line_2',
  postalCode: 'postal_code',
  city: 'city',
  state: 'state',
};

/** How long typing pauses before the search is asked. */
const DEBOUNCE_MS = 250;
/** The fewest characters searched for (the API asks its provider nothing below). */
const MIN_QUERY = 3;

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** Sets a form field as typing would, so the form's own handlers (and React's state) see the change. */
function fill(form: HTMLFormElement, name: string | undefined, value: string) {
  const field = name ? (form.elements.namedItem(name) as Field | null) : null;
  if (!field || !('value' in field)) return;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

export function AddressLookup({ country, names = LOOKUP_NAMES }: { country: string; names?: LookupNames }) {
  const { t } = useTranslation();
  const { segment } = useRootData();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const search = useFetcher<AddressLookupData>();
  const place = useFetcher<AddressLookupData>();
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  // The label a pick wrote into the search box: not a new search (it would open the list again).
  const picked = useRef<string | null>(null);

  const countryNow = () => {
    const field = names.country ? input.current?.form?.elements.namedItem(names.country) : null;
    return (field && 'value' in field && typeof field.value === 'string' && field.value) || country;
  };
  const load = (params: Record<string, string>) => `/${segment}/address-lookup?${new URLSearchParams(params)}`;

  // Asks once whether lookup is on here; nothing is shown until the answer says so.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page and country
  useEffect(() => {
    search.load(load({ country }));
  }, [segment, country]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: searches what was typed, once typing pauses
  useEffect(() => {
    if (query.trim().length < MIN_QUERY || query === picked.current) {
      setOpen(false);
      return;
    }
    picked.current = null;
    const timer = setTimeout(() => {
      setStatus(t('address_lookup_searching'));
      search.load(load({ country: countryNow(), q: query.trim() }));
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const suggestions: AddressSuggestion[] = search.data?.suggestions ?? [];
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to a search's answer only
  useEffect(() => {
    if (search.state !== 'idle' || !search.data || query.trim().length < MIN_QUERY || query === picked.current) return;
    setActive(-1);
    setOpen(suggestions.length > 0);
    setStatus(search.data.error ?? t(suggestions.length ? 'address_lookup_results' : 'address_lookup_none'));
  }, [search.state, search.data]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the picked place's answer only
  useEffect(() => {
    if (place.state !== 'idle' || !place.data) return;
    const address: ParsedAddress | null = place.data.address;
    const form = input.current?.form;
    if (!address || !form) {
      setStatus(place.data.error ?? t('address_lookup_failed'));
      return;
    }
    fill(form, names.line1, address.line_1);
    fill(form, names.line2, address.line_2);
    fill(form, names.postalCode, address.postal_code);
    fill(form, names.city, address.city);
    fill(form, names.state, address.state);
    setStatus(t('address_lookup_filled'));
  }, [place.state, place.data]);

  if (!search.data?.enabled) return null;

  const pick = (suggestion: AddressSuggestion) => {
    picked.current = suggestion.label;
    setQuery(suggestion.label);
    setOpen(false);
    setActive(-1);
    place.load(load({ place: suggestion.placeId }));
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    const last = suggestions.length - 1;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (last < 0) return;
      e.preventDefault();
      if (!open) setOpen(true);
      const down = e.key === 'ArrowDown';
      setActive((i) => (down ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1));
    } else if (e.key === 'Enter' && open) {
      // Picks the active suggestion (the first when none is) instead of sending the form.
      e.preventDefault();
      const chosen = suggestions[active] ?? suggestions[0];
      if (chosen) pick(chosen);
    } else if (e.key === 'Escape') {
      if (open) {
        e.preventDefault();
        setOpen(false);
        setActive(-1);
      } else setQuery('');
    }
  };

  const listId = `${id}-list`;
  const optionId = (i: number) => `${id}-option-${i}`;
  return (
    <div className="flex flex-col gap-1.5 sm:col-span-2">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        {t('address_lookup_label')}
      </label>
      <div className="relative">
        <input
          ref={input}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          spellCheck={false}
          maxLength={200}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          className="w-full rounded-lg border border-neutral-300 bg-white px-3 py-2.5 text-neutral-900 outline-none focus:border-neutral-900 focus:ring-2 focus:ring-neutral-900/20"
        />
        <div
          id={listId}
          role="listbox"
          aria-label={t('address_lookup_label')}
          hidden={!open}
          className="absolute top-full z-20 mt-1 w-full overflow-hidden rounded-lg border border-neutral-300 bg-white shadow-lg"
        >
          {suggestions.map((s, i) => (
            // The input keeps the focus (aria-activedescendant); the keyboard works through it.
            // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox input handles the keys
            <div
              key={s.placeId}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(s)}
              className={`cursor-pointer px-3 py-2.5 text-sm ${i === active ? 'bg-neutral-900 text-white' : 'text-neutral-900 hover:bg-neutral-100'}`}
            >
              {s.label}
            </div>
          ))}
        </div>
      </div>
      <p id={`${id}-hint`} className="text-xs text-neutral-600">
        {t('address_lookup_hint')}
      </p>
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>
    </div>
  );
}
