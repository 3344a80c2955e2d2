import type { TechnicalDocument } from '@varg/contracts';
import { formatLocaleSegment } from '@varg/domain';
import { ExternalLink, FileDown, FileText, Play } from 'lucide-react';
import { useLoaderData } from 'react-router';
import { modelNameKey } from '../features/store/models.ts';
import { Pagination, pageParam, searchParam } from '../features/store/pagination.tsx';
import { SearchForm } from '../features/store/search-form.tsx';
import { localeContext, servicesContext } from '../lib/context.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale } from '../lib/use-locale.ts';
import type { Route } from './+types/tutorials-and-technical';

const PAGE_SIZE = 10;

/** The same for every anonymous visitor of a locale and query: shared caches keep it 30 s. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'public, max-age=0, s-maxage=30' });

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'nav_tutorials', { descriptionKey: 'tutorials_meta_description', index: true });

/** Tutorials and technical documents (spec sections 2, 3 and 7: GET technical-documents with page and search). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = context.get(servicesContext);
  const locale = context.get(localeContext);
  const url = new URL(request.url);
  const search = searchParam(url);
  const query = { page: pageParam(url), limit: PAGE_SIZE, ...(search ? { search } : {}) };
  const documents = await api.call('getTechnicalDocuments', { query }, { lang: locale.lang });
  return { search, documents };
}

const action =
  'inline-flex items-center gap-2 rounded-full border border-neutral-300 px-4 py-2 text-sm font-semibold hover:border-neutral-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900';

function DocumentCard({ doc }: { doc: TechnicalDocument }) {
  const { t } = useTranslation();
  const name = doc.nameKey && t(doc.nameKey) !== doc.nameKey ? t(doc.nameKey) : doc.name;
  const id = `doc-${doc.id}`;
  // The PDF's title, code line and page numbers in the page's language and market.
  const locale = formatLocaleSegment(useLocale());
  return (
    <article aria-labelledby={id} className="flex h-full flex-col gap-4 rounded-2xl border border-neutral-200 p-5">
      <div className="flex items-start gap-3">
        <span className="rounded-xl bg-neutral-100 p-2.5 text-neutral-900">
          {doc.file ? <FileText size={22} aria-hidden="true" /> : <Play size={22} aria-hidden="true" />}
        </span>
        <div>
          <h2 id={id} className="text-lg leading-snug font-semibold">
            {name}
          </h2>
          <p className="mt-1 text-xs text-neutral-600">
            {t('tutorials_code', { code: doc.code })} · {doc.model ? t(modelNameKey(doc.model)) : t('store_all_models')}
          </p>
        </div>
      </div>
      <div className="mt-auto flex flex-wrap gap-2">
        {doc.file && (
          <a href={`${doc.file.url}?lang=${locale}`} className={action}>
            <FileDown size={16} aria-hidden="true" />
            {t('tutorials_download')}
            <span className="sr-only">: {name}</span>
          </a>
        )}
        {doc.videoURL && (
          <a href={doc.videoURL} target="_blank" rel="noopener noreferrer" className={action}>
            <Play size={16} aria-hidden="true" />
            {t('tutorials_watch')}
            <span className="sr-only">
              : {name} ({t('tutorials_new_tab')})
            </span>
            <ExternalLink size={14} aria-hidden="true" />
          </a>
        )}
      </div>
    </article>
  );
}

export default function TutorialsAndTechnical() {
  const { t } = useTranslation();
  const { search, documents } = useLoaderData<typeof loader>();
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-black tracking-tight hyphens-auto wrap-break-word sm:text-4xl">
        {t('nav_tutorials')}
      </h1>
      <p className="mt-3 max-w-2xl text-neutral-700">{t('tutorials_intro')}</p>
      <div className="mt-6 max-w-2xl">
        <SearchForm label={t('tutorials_search_label')} search={search} />
      </div>
      <p role="status" className="mt-8 mb-6 text-sm text-neutral-700">
        {search
          ? t('store_results_for', { search, count: documents.totalDocs })
          : t('store_results', { count: documents.totalDocs })}
      </p>
      {documents.docs.length > 0 ? (
        <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
          {documents.docs.map((doc) => (
            <li key={doc.id}>
              <DocumentCard doc={doc} />
            </li>
          ))}
        </ul>
      ) : (
        <div className="rounded-2xl bg-neutral-100 p-8">
          <h2 className="text-xl font-semibold">{search ? t('tutorials_empty', { search }) : t('tutorials_none')}</h2>
          {search && <p className="mt-2 text-neutral-700">{t('tutorials_empty_hint')}</p>}
        </div>
      )}
      <Pagination page={documents.page} totalPages={documents.totalPages} />
    </main>
  );
}
