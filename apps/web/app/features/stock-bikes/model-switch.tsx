import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { STOCK_MODELS, type StockModel, stockSearch } from './query.ts';

/** VARG MX / VARG EX: links, so the choice is in the URL (`?model=`); switching starts with no filter. */
export function ModelSwitch({ current, listPath }: { current: StockModel; listPath: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('stock_model_label')}>
      <ul className="inline-flex flex-wrap gap-1 rounded-full bg-white/10 p-1">
        {STOCK_MODELS.map((model) => {
          const active = model.id === current;
          return (
            <li key={model.id}>
              <Link
                to={`${listPath}${stockSearch({ model: model.id })}`}
                aria-current={active ? 'page' : undefined}
                preventScrollReset
                className={`inline-flex rounded-full px-5 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-lime-300 ${
                  active ? 'bg-lime-300 text-neutral-950' : 'text-white hover:bg-white/10'
                }`}
              >
                {t(model.nameKey)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
