import { useTranslation } from '../../../lib/i18n.ts';

export interface DayValue {
  day: string;
  values: number[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Every day from `since` to `today` (UTC, YYYY-MM-DD), so days without data show as empty bars. */
export function daysBetween(since: string, today: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${since}T00:00:00Z`); t <= Date.parse(`${today}T00:00:00Z`); t += DAY_MS)
    out.push(new Date(t).toISOString().slice(0, 10));
  return out;
}

/**
 * A bar chart per day, drawn on the server as inline SVG (no chart library in the browser), one bar colour per
 * series (stacked). Screen readers get its title and total from the figure, and the numbers as a table underneath.
 */
export function DayChart({
  id,
  title,
  days,
  rows,
  series,
  format = (n) => String(n),
}: {
  id: string;
  title: string;
  days: string[];
  rows: DayValue[];
  /** The series' names (legend and table columns), in the order of `values`. */
  series: string[];
  format?: (n: number) => string;
}) {
  const { t } = useTranslation();
  const byDay = new Map(rows.map((r) => [r.day, r.values]));
  const totals = days.map((d) => (byDay.get(d) ?? []).reduce((a, b) => a + b, 0));
  const max = Math.max(1, ...totals);
  const width = 600;
  const height = 140;
  const step = width / days.length;
  const colours = ['fill-neutral-900', 'fill-lime-500', 'fill-sky-500'];
  const sum = totals.reduce((a, b) => a + b, 0);
  const withData = days.filter((d) => byDay.has(d));
  return (
    <figure aria-labelledby={`${id}-title`} className="flex flex-col gap-2 rounded-xl border border-neutral-200 p-4">
      <figcaption id={`${id}-title`} className="flex flex-wrap items-baseline justify-between gap-2">
        <span className="font-semibold">{title}</span>
        <span className="text-sm text-neutral-700">{t('admin_dash_total', { total: format(sum) })}</span>
      </figcaption>
      {series.length > 1 && (
        <ul className="flex flex-wrap gap-3 text-xs" aria-hidden="true">
          {series.map((name, i) => (
            <li key={name} className="flex items-center gap-1">
              <svg width="10" height="10" aria-hidden="true">
                <rect width="10" height="10" className={colours[i % colours.length]} />
              </svg>
              {name}
            </li>
          ))}
        </ul>
      )}
      <svg
        viewBox={`0 0 ${width} ${height + 16}`}
        className="h-auto w-full"
        aria-hidden="true"
        preserveAspectRatio="none"
      >
        <line x1="0" y1={height} x2={width} y2={height} className="stroke-neutral-300" />
        {days.map((day, i) => {
          let y = height;
          return (byDay.get(day) ?? []).map((value, s) => {
            const h = (value / max) * (height - 4);
            y -= h;
            return (
              <rect
                key={`${day}-${series[s]}`}
                x={i * step + step * 0.15}
                y={y}
                width={Math.max(1, step * 0.7)}
                height={h}
                className={colours[s % colours.length]}
              />
            );
          });
        })}
        <text x="0" y={height + 13} className="fill-neutral-600 text-[11px]">
          {days[0]}
        </text>
        <text x={width} y={height + 13} textAnchor="end" className="fill-neutral-600 text-[11px]">
          {days[days.length - 1]}
        </text>
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer underline underline-offset-2">{t('admin_dash_show_table')}</summary>
        {withData.length === 0 ? (
          <p className="mt-2 text-neutral-700">{t('admin_dash_no_data')}</p>
        ) : (
          <table className="mt-2 w-full text-left">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">
                  {t('admin_dash_col_day')}
                </th>
                {series.map((name) => (
                  <th key={name} scope="col" className="py-1 pr-3 text-right font-medium">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {withData.map((day) => (
                <tr key={day} className="border-t border-neutral-100">
                  <th scope="row" className="py-1 pr-3 font-normal tabular-nums">
                    {day}
                  </th>
                  {(byDay.get(day) ?? []).map((value, s) => (
                    <td key={series[s]} className="py-1 pr-3 text-right tabular-nums">
                      {format(value)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
    </figure>
  );
}
