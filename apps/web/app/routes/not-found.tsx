import { marketingHandover } from '@varg/domain';
import { data, redirect } from 'react-router';
import { servicesContext } from '../lib/context.ts';
import type { Route } from './+types/not-found';

/**
 * Any path the app has no page for. Paths of the marketing site (spec section 2, handover) leave the app with
 * the same path and query when a marketing site is configured; everything else is a 404.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { marketingSiteUrl } = context.get(servicesContext).config;
  const target = marketingHandover(marketingSiteUrl, url.pathname, url.search);
  if (target) throw redirect(target, 302);
  // Without a marketing site, the models' product pages are their configurators here (decision 002).
  const model = /^\/([a-z]{2}-[A-Z]{2})\/stark-varg(-ex)?\/?$/.exec(url.pathname);
  if (!marketingSiteUrl && model) throw redirect(`/${model[1]}/${model[2] ? 'varg-ex' : 'varg'}/configurator`, 302);
  // …and the SM's is /sam; service is booked at a store, the press write through the contact form (decision 022).
  const own = /^\/([a-z]{2}-[A-Z]{2})\/(stark-varg-sm|stark-varg-new-sm|service|press-and-media)\/?$/.exec(
    url.pathname,
  );
  if (!marketingSiteUrl && own) {
    const to = {
      'stark-varg-sm': '/sam',
      'stark-varg-new-sm': '/sam',
      service: '/stores',
      'press-and-media': '/contact?topic=press',
    };
    throw redirect(`/${own[1]}${to[own[2] as keyof typeof to]}`, 302);
  }
  throw data(null, { status: 404 });
}

export default function NotFound() {
  return null;
}
