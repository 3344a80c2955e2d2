import { ERRORS } from '@varg/contracts';
import { localizedPath } from '@varg/domain';
import { MapPin } from 'lucide-react';
import { useLoaderData } from 'react-router';
import { CvForm } from '../features/engagement/cv-form.tsx';
import { localeContext, servicesContext } from '../lib/context.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale } from '../lib/use-locale.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/team';

// Team (spec sections 1, 2 and 7 "POST team/cv"; decision 022): open positions and the application with a CV.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'team_title', { descriptionKey: 'team_intro', index: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = context.get(servicesContext);
  const locale = context.get(localeContext);
  const url = new URL(request.url);
  const { docs } = await api.call('getTeamPositions', {}, { lang: locale.lang });
  // After a plain form post the API sends the visitor back with the outcome (an error code it knows).
  const code = url.searchParams.get('error') ?? '';
  const error = Object.hasOwn(ERRORS, code)
    ? ERRORS[code as keyof typeof ERRORS].t_key
    : code
      ? 'error_bad_request'
      : null;
  return {
    positions: docs,
    applied: url.searchParams.get('applied') === '1',
    error,
    position: url.searchParams.get('position') ?? '',
  };
}

export default function Team() {
  const { t } = useTranslation();
  const { positions, applied, error, position } = useLoaderData<typeof loader>();
  const locale = useLocale();
  return (
    <main id="main" className="mx-auto flex w-full max-w-4xl flex-col gap-10 px-4 py-12">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('team_title')}</h1>
        <p className="text-neutral-700">{t('team_intro')}</p>
      </header>
      <section aria-labelledby="positions" className="flex flex-col gap-4">
        <h2 id="positions" className="text-xl font-semibold">
          {t('team_positions')}
        </h2>
        <ul className="grid gap-4 md:grid-cols-3">
          {positions.map((p) => (
            <li key={p.id} className="flex flex-col gap-2 rounded-2xl border border-neutral-200 p-5">
              <h3 className="font-semibold">{p.title}</h3>
              <p className="flex items-center gap-1 text-sm text-neutral-600">
                <MapPin size={14} aria-hidden="true" />
                {p.location}
              </p>
              <p className="flex-1 text-sm text-neutral-700">{p.text}</p>
              <a href={`?position=${p.id}#apply`} className="text-sm font-semibold underline underline-offset-4">
                {t('team_apply_for')}
                <span className="sr-only">: {p.title}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
      <section id="apply" aria-labelledby="apply-title" className="flex flex-col gap-4">
        <h2 id="apply-title" className="text-xl font-semibold">
          {t('team_apply_title')}
        </h2>
        {applied ? (
          <FormMessage tone="success">{t('team_applied')}</FormMessage>
        ) : (
          <>
            {error && <FormMessage tone="error">{t(error)}</FormMessage>}
            <CvForm
              positions={positions}
              lang={locale.lang}
              returnTo={localizedPath(locale, '/team')}
              selected={positions.some((p) => p.id === position) ? position : (positions[0]?.id ?? '')}
            />
          </>
        )}
      </section>
    </main>
  );
}
