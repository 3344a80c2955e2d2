import { BannerInput } from '@varg/contracts';
import { UI_LANGUAGES } from '@varg/domain';
import { type FieldErrors, fieldErrorOf } from '../../lib/field-error.ts';

/** `2026-12-01T09:00` (a datetime-local field, read as UTC) → ISO 8601; empty → null. */
export function utcOf(value: FormDataEntryValue | null): string | null {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return null;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text) ? `${text}:00Z` : text;
}

/** ISO 8601 → the value of a datetime-local field in UTC (`2026-12-01T09:00`). */
export function localFieldOf(iso: string | null | undefined): string {
  return iso ? iso.slice(0, 16) : '';
}

/**
 * The banner form's fields as the API's body, checked with the API's own schema (`BannerInput`), so the page shows
 * the same rules' errors next to the fields before anything is sent.
 */
export function bannerBodyOf(form: FormData): { ok: true; body: BannerInput } | { ok: false; errors: FieldErrors } {
  const texts = Object.fromEntries(
    UI_LANGUAGES.map((lang) => [lang, String(form.get(`text_${lang}`) ?? '').trim()]).filter(([, text]) => text),
  );
  const input = {
    tone: String(form.get('tone') ?? 'info'),
    texts,
    linkUrl: String(form.get('linkUrl') ?? '').trim() || null,
    countries: form.getAll('countries').map(String),
    languages: form.getAll('languages').map(String),
    startsAt: utcOf(form.get('startsAt')) ?? '',
    endsAt: utcOf(form.get('endsAt')),
    active: form.get('active') === 'on',
  };
  const parsed = BannerInput.safeParse(input);
  if (parsed.success) {
    if (parsed.data.endsAt && parsed.data.endsAt <= parsed.data.startsAt)
      return { ok: false, errors: { endsAt: 'error_banner_schedule' } };
    return { ok: true, body: parsed.data };
  }
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const [first, second] = issue.path.map(String);
    const field = first === 'texts' ? `text_${second ?? 'en-us'}` : (first ?? 'form');
    errors[field] ??=
      issue.code === 'too_big'
        ? fieldErrorOf(issue)
        : first === 'startsAt' || (first === 'texts' && second === 'en-us')
          ? 'form_required'
          : 'form_invalid';
  }
  return { ok: false, errors };
}
