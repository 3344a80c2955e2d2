/** A moment in the back office: day and time in UTC, named, so colleagues in several countries read the same time. */
export function formatAdminTime(iso: string, tag: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  // `dateStyle`/`timeStyle` cannot be combined with `timeZoneName` (a RangeError): the fields are named one by one.
  return new Intl.DateTimeFormat(tag, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
}

/** A value of an audited field as text: dates and numbers as given, objects as compact JSON, nothing as a dash. */
export function auditValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
