import { useTranslation } from '../../lib/i18n.ts';

/**
 * The demo shop's ribbon (decision 026): a thin line above every page, in the flow (it pushes the page down, covers
 * nothing), so no visitor mistakes the demo for a shop that sells. Production never renders it.
 */
export function DemoRibbon() {
  const { t } = useTranslation();
  return (
    <aside
      aria-label={t('demo_ribbon_label')}
      className="bg-amber-100 px-4 py-1 text-center text-xs font-medium leading-5 text-amber-950"
      data-demo-ribbon=""
    >
      {t('demo_ribbon')}
    </aside>
  );
}
