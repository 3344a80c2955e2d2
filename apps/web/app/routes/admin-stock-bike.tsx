import { localizedPath } from '@varg/domain';
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
  useSubmit,
} from 'react-router';
import { AuditTrail } from '../features/admin/audit-trail.tsx';
import { errorField, StockBikeForm, stockBikeBody } from '../features/admin/stock/bike-form.tsx';
import { StockBikePhotos } from '../features/admin/stock/photos.tsx';
import { StockBikeReservations } from '../features/admin/stock/reservations.tsx';
import { useShell } from '../features/shell/providers.tsx';
import { STOCK_MODELS } from '../features/stock-bikes/query.ts';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { SubmitButton } from '../ui/account-fields.tsx';
import { buttonClass } from '../ui/button.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/admin-stock-bike';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_nav_stock_bikes');

/** The default market: never paused (decision 043), so its option lists always answer. */
const OPTIONS_MARKET = 'US';
const isNew = (id: string) => id === 'new';

/** One stock bike (or a new one at `/admin/stock-bikes/new`): its form, photos, reservations and audit trail. */
export const loader = guarded(['admin'], async ({ context, request, params }: Route.LoaderArgs) => {
  const api = userApi(context, request);
  const [options, markets, ...groups] = await Promise.all([
    api.call('getAdminStockBikesFormOptions'),
    api.call('getAdminMarkets', { query: { pageSize: 500, sort: 'name', dir: 'asc' } }),
    ...STOCK_MODELS.map((m) =>
      api.call('getProductByProductIdComponents', { path: { productId: m.id }, query: { country: OPTIONS_MARKET } }),
    ),
  ]);
  const components = Object.fromEntries(STOCK_MODELS.map((m, i) => [m.id, groups[i] ?? []]));
  const form = { dealers: options.dealers, markets: markets.docs.map((m) => m.code), components };
  if (isNew(params.id)) return { ...form, bike: null, reservations: [], trail: [] };
  try {
    const [bike, reservations, trail] = await Promise.all([
      api.call('getAdminStockBikesById', { path: { id: params.id } }),
      api.call('getAdminStockBikesByIdReservations', { path: { id: params.id } }),
      api.call('getAdminAuditByEntityTypeByEntityId', { path: { entityType: 'stock-bike', entityId: params.id } }),
    ]);
    return { ...form, bike, reservations: reservations.docs, trail: trail.docs };
  } catch (error) {
    if (isApiRequestError(error) && error.status < 500) throw data(null, { status: 404 });
    throw error;
  }
});

type Outcome =
  | { ok: true; done: string }
  | { ok: false; intent: string; error: { field: string | null; message: string }; values: Record<string, string> };

export const action = guarded(['admin'], async ({ context, request, params }: Route.ActionArgs) => {
  const api = userApi(context, request);
  const services = context.get(servicesContext);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const id = params.id;
  const values = Object.fromEntries([...form.entries()].filter((e): e is [string, string] => typeof e[1] === 'string'));
  try {
    let done = intent;
    if (intent === 'save' && isNew(id)) {
      const bike = await api.call('postAdminStockBikes', { body: stockBikeBody(form) });
      services.invalidatePublic();
      throw redirect(localizedPath(context.get(localeContext), `/admin/stock-bikes/${bike._id}?created=1`));
    } else if (intent === 'save') {
      await api.call('putAdminStockBikesById', { path: { id }, body: stockBikeBody(form) });
    } else if (intent === 'retire') {
      await api.call('postAdminStockBikesByIdRetire', { path: { id } });
    } else if (intent === 'restore') {
      await api.call('postAdminStockBikesByIdRestore', { path: { id } });
    } else if (intent === 'release') {
      const orderId = String(form.get('orderId') ?? '');
      await api.call('postAdminStockBikesByIdReservationsByOrderIdRelease', { path: { id, orderId } });
    } else if (intent === 'photo-remove') {
      const photoId = String(form.get('photoId') ?? '');
      await api.call('deleteAdminStockBikesByIdPhotosByPhotoId', { path: { id, photoId } });
    } else if (intent === 'photo-up' || intent === 'photo-down') {
      const bike = await api.call('getAdminStockBikesById', { path: { id } });
      const ids = bike.photos.map((p) => p._id);
      const at = ids.indexOf(String(form.get('photoId') ?? ''));
      const to = intent === 'photo-up' ? at - 1 : at + 1;
      if (at < 0 || to < 0 || to >= ids.length) return data<Outcome>({ ok: true, done: 'photo-order' });
      [ids[at], ids[to]] = [ids[to] as string, ids[at] as string];
      await api.call('putAdminStockBikesByIdPhotosOrder', { path: { id }, body: { photoIds: ids } });
      done = 'photo-order';
    } else {
      throw data(null, { status: 400 });
    }
    services.invalidatePublic();
    return data<Outcome>({ ok: true, done });
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data<Outcome>(
      { ok: false, intent, error: { field: errorField(error.code), message: error.message }, values },
      error.status,
    );
  }
});

const DONE: Record<string, string> = {
  save: 'admin_stock_saved',
  retire: 'admin_stock_retired',
  restore: 'admin_stock_restored',
  release: 'admin_stock_released',
  'photo-remove': 'admin_stock_photo_removed',
  'photo-order': 'admin_stock_photo_ordered',
};

export default function AdminStockBike() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [search] = useSearchParams();
  const localePath = useLocalePath();
  const { confirm } = useShell();
  const submit = useSubmit();
  const navigation = useNavigation();
  const { bike } = loaded;
  const editable = !bike || bike.status === 'available';
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const failed = result && !result.ok ? result.error : null;
  // A refused save keeps what was typed; other refusals leave the form as loaded.
  const values = result && !result.ok && result.intent === 'save' ? result.values : null;
  const title = bike ? (bike.vin ?? bike._id) : t('admin_stock_new_title');
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-2">
        <Link to={localePath('/admin/stock-bikes')} className="text-sm underline underline-offset-4">
          {t('admin_stock_back')}
        </Link>
        <h1 className="font-mono text-3xl font-bold tracking-tight break-all">{title}</h1>
        {bike && (
          <p className="text-neutral-700">
            {bike._id} · {t(`admin_stock_status_${bike.status}`)}
          </p>
        )}
      </header>
      <div aria-live="polite" className="empty:hidden">
        {result?.ok && <FormMessage tone="success">{t(DONE[result.done] ?? 'admin_stock_saved')}</FormMessage>}
        {!result && search.get('created') && <FormMessage tone="success">{t('admin_stock_created')}</FormMessage>}
        {failed && !failed.field && <FormMessage tone="error">{t(failed.message)}</FormMessage>}
      </div>
      {bike && !editable && <FormMessage tone="info">{t('admin_stock_not_editable')}</FormMessage>}
      <StockBikeForm data={loaded} values={values} error={failed} disabled={!editable} />
      {bike && (
        <>
          <StockBikePhotos bike={bike} />
          <StockBikeReservations reservations={loaded.reservations} />
          {bike.status === 'available' && (
            <section aria-labelledby="stock-retire" className="flex flex-col gap-3 border-t border-neutral-200 pt-6">
              <h2 id="stock-retire" className="text-lg font-semibold">
                {t('admin_stock_retire')}
              </h2>
              <p className="text-neutral-700">{t('admin_stock_retire_confirm_text')}</p>
              <Form
                method="post"
                onSubmit={async (event) => {
                  event.preventDefault();
                  const form = event.currentTarget;
                  const yes = await confirm({
                    title: t('admin_stock_retire_confirm_title'),
                    description: t('admin_stock_retire_confirm_text'),
                  });
                  if (yes) await submit(form);
                }}
              >
                <input type="hidden" name="intent" value="retire" />
                <button type="submit" className={buttonClass.secondary} disabled={busy('retire')}>
                  {t('admin_stock_retire')}
                </button>
              </Form>
            </section>
          )}
          {bike.status === 'retired' && (
            <Form method="post" className="border-t border-neutral-200 pt-6">
              <input type="hidden" name="intent" value="restore" />
              <SubmitButton busy={busy('restore')} busyLabel={t('form_saving')}>
                {t('admin_stock_restore')}
              </SubmitButton>
            </Form>
          )}
          <AuditTrail entries={loaded.trail} />
        </>
      )}
    </div>
  );
}
