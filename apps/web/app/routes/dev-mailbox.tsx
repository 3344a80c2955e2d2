import { data, useLoaderData } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { DEMO_PATHS } from '../lib/api-paths.ts';
import { servicesContext } from '../lib/context.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import type { Route } from './+types/dev-mailbox';

interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'mailbox_title');

/** Every e-mail the shop sent while no SMTP server is configured; 404 once one is. */
export async function loader({ context }: Route.LoaderArgs) {
  const { api, config } = context.get(servicesContext);
  if (config.devMailbox === 'off') throw data(null, { status: 404 });
  try {
    return await api.get<{ docs: Mail[] }>(DEMO_PATHS.devMailbox);
  } catch (error) {
    // Not on this machine, with the mailbox limited to it: the page does not exist for this visitor.
    if (isApiRequestError(error) && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

const URL_PATTERN = /(https?:\/\/[^\s]+)/g;

function Linkified({ text }: { text: string }) {
  return (
    <>
      {text.split(URL_PATTERN).map((part, i) =>
        URL_PATTERN.test(part) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <a key={i} href={part} className="break-all text-blue-800 underline">
            {part}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text
          <span key={i}>{part}</span>
        ),
      )}
    </>
  );
}

export default function DevMailbox() {
  const { t } = useTranslation();
  const { docs } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto w-full max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('mailbox_title')}</h1>
      <p className="mt-2 text-neutral-700">{t('mailbox_intro')}</p>
      {docs.length === 0 ? (
        <p className="mt-8 rounded-lg bg-neutral-100 p-6 text-center text-neutral-700">{t('mailbox_empty')}</p>
      ) : (
        <ol className="mt-8 flex flex-col gap-4">
          {docs.map((mail) => (
            <li key={mail.id}>
              <article className="rounded-xl border border-neutral-200 p-5">
                <h2 className="font-semibold">{mail.subject}</h2>
                <p className="mt-1 text-sm text-neutral-600">
                  {t('mailbox_to')}: {mail.to} ·{' '}
                  <time dateTime={mail.createdAt}>{mail.createdAt.replace('T', ' ').slice(0, 19)}</time>
                </p>
                <p className="mt-3 text-sm whitespace-pre-line text-neutral-800">
                  <Linkified text={mail.text} />
                </p>
              </article>
            </li>
          ))}
        </ol>
      )}
    </main>
  );
}
