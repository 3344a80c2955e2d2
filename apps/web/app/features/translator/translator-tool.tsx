import { localeTag } from '@varg/domain';
import { Languages } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Form, useFetcher, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { messagesOf } from '../../lib/messages.ts';
import { useRootData } from '../../lib/use-locale.ts';
import { buttonClass } from '../../ui/button.ts';
import { Modal } from '../../ui/modal.tsx';
import { contextFor, countsFor, pluralForm } from './context.ts';
import { keysForText } from './matching.ts';

const NONE: Readonly<Record<string, string>> = {};

/** The element whose own text was picked: the innermost element with text. */
function textOf(target: Element | null): string {
  return (target as HTMLElement | null)?.innerText ?? target?.textContent ?? '';
}

function Editor({ keys, onClose }: { keys: string[]; onClose(): void }) {
  const { t } = useTranslation();
  const root = useRootData();
  const { languages, locale } = root;
  const messages = messagesOf(root) ?? NONE;
  const [key, setKey] = useState(keys[0] ?? '');
  const [value, setValue] = useState(messages[key] ?? '');
  const fetcher = useFetcher<{ ok: boolean; intent: string | null; error: string | null }>();
  const language = languages.find((l) => l.code === locale.lang)?.nativeName ?? locale.lang;
  useEffect(() => setValue(messages[key] ?? ''), [key, messages]);
  const note = contextFor(key, messages);
  const plural = pluralForm(key, messages);
  const result = fetcher.state === 'idle' ? fetcher.data : undefined;
  return (
    <Modal title={t('translator_edit_title')} onClose={onClose} size="lg">
      <fetcher.Form method="post" action="/translations" className="mt-4 flex flex-col gap-4">
        {keys.length > 1 ? (
          <label className="flex flex-col gap-1.5 text-sm font-medium">
            {t('translator_key')}
            <select
              name="key"
              value={key}
              onChange={(e) => setKey(e.target.value)}
              className="rounded-lg border border-neutral-300 px-3 py-2 font-mono text-sm"
            >
              {keys.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
          </label>
        ) : (
          <p className="text-sm">
            {t('translator_key')}: <code className="font-mono">{key}</code>
            <input type="hidden" name="key" value={key} />
          </p>
        )}
        {note && (
          <p className="rounded-lg bg-violet-50 px-3 py-2 text-sm text-violet-950" data-testid="translator-context">
            <span className="font-semibold">{t('translator_context')}</span> {note}
          </p>
        )}
        {plural && (
          <p className="text-sm text-neutral-700">
            {t('translator_plural_counts', { counts: countsFor(localeTag(locale), plural[1]).join(', ') })}
          </p>
        )}
        <label className="flex flex-col gap-1.5 text-sm font-medium">
          {t('translator_value', { language })}
          <textarea
            name="value"
            value={value}
            onChange={(e) => setValue(e.target.value)}
            rows={4}
            required
            className="rounded-lg border border-neutral-300 px-3 py-2 text-base font-normal"
          />
        </label>
        {result?.ok && (
          <p role="status" className="text-sm text-emerald-800">
            {t(result.intent === 'revert' ? 'translator_reverted' : 'translator_saved')}
          </p>
        )}
        {result?.error && (
          <p role="alert" className="text-sm text-red-700">
            {result.error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <button type="submit" name="intent" value="revert" className={buttonClass.secondary} formNoValidate>
            {t('translator_revert')}
          </button>
          <button
            type="submit"
            name="intent"
            value="save"
            className={buttonClass.primary}
            disabled={fetcher.state !== 'idle'}
          >
            {t('translator_save')}
          </button>
        </div>
      </fetcher.Form>
    </Modal>
  );
}

/**
 * In-context editing for translators (spec section 6). While it is on, clicking any text (or Alt+Enter on a
 * focused element) opens the editor for the catalog key behind it. Loaded only for translators who switched it on.
 */
export default function TranslatorTool() {
  const { t } = useTranslation();
  const messages = messagesOf(useRootData()) ?? NONE;
  const location = useLocation();
  const [keys, setKeys] = useState<string[] | null>(null);

  useEffect(() => {
    const pick = (target: Element | null, event: Event) => {
      if (!target || target.closest('[data-translator-tool]') || target.closest('[role="dialog"]')) return;
      for (let el: Element | null = target; el && el !== document.body; el = el.parentElement) {
        const found = keysForText(messages, textOf(el)).concat(
          ['aria-label', 'placeholder', 'title'].flatMap((a) => keysForText(messages, el?.getAttribute(a) ?? '')),
        );
        if (found.length) {
          event.preventDefault();
          event.stopPropagation();
          setKeys([...new Set(found)]);
          return;
        }
      }
    };
    const onClick = (e: MouseEvent) => pick(e.target as Element, e);
    const onKey = (e: KeyboardEvent) => e.altKey && e.key === 'Enter' && pick(document.activeElement, e);
    document.addEventListener('click', onClick, true);
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      document.removeEventListener('keydown', onKey, true);
    };
  }, [messages]);

  return (
    <>
      <div
        data-translator-tool
        className="fixed inset-x-0 bottom-0 z-50 border-t border-violet-300 bg-violet-100 text-violet-950"
      >
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-2 text-sm">
          <Languages size={18} aria-hidden="true" />
          <p className="flex-1">{t('translator_on')}</p>
          <Form method="post" action="/preferences" reloadDocument>
            <input type="hidden" name="intent" value="translator-mode" />
            <input type="hidden" name="value" value="off" />
            <input type="hidden" name="returnTo" value={location.pathname + location.search} />
            <button type="submit" className="rounded-full bg-violet-900 px-4 py-1.5 font-semibold text-white">
              {t('translator_off')}
            </button>
          </Form>
        </div>
      </div>
      {keys && <Editor keys={keys} onClose={() => setKeys(null)} />}
    </>
  );
}
