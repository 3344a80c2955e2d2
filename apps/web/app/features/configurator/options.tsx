// The configurator's option groups (radio cards with price and rule hints) and the list of conflicts between chosen
// options, each with a link that resolves it.

import type { ComponentGroup } from '@varg/contracts';
import { bikeOptionSlug, type Conflict, groupKey } from '@varg/domain';
import { AlertTriangle } from 'lucide-react';
import { __iconData as checkIcon } from 'lucide-react/icons/check';
import { Link } from 'react-router';
import { type TFunction, useTranslation } from '../../lib/i18n.ts';
import { staticIcon } from '../../ui/icon.tsx';
import { bikeColor } from '../bike/colors.ts';
import { optionName } from './option-name.ts';
import { optionPrice } from './price.tsx';
import { type Choice, queryOf, resolve } from './selection.ts';

const Check = staticIcon(checkIcon);

/** Each option's name by id, for hints and conflicts that name options of other groups. */
export function nameKeys(groups: readonly ComponentGroup[], t: TFunction): Map<string, string> {
  return new Map(groups.flatMap((g) => g.options.map((o) => [o.id, optionName(t, o)] as const)));
}

export function OptionGroup({
  group,
  chosen,
  currency,
  tag,
  names,
  onChoose,
}: {
  group: ComponentGroup;
  chosen: string | undefined;
  currency: string;
  tag: string;
  names: Map<string, string>;
  onChoose(groupId: string, optionId: string): void;
}) {
  const { t } = useTranslation();
  const isColor = group.group === 'color';
  const list = (ids: string[]) => ids.map((id) => t(names.get(id) ?? id)).join(', ');
  return (
    <fieldset className="border-t border-neutral-200 pt-6">
      <legend className="float-left w-full text-lg font-semibold">{t(group.nameKey)}</legend>
      <div className={`clear-both grid gap-3 pt-3 ${isColor ? 'grid-cols-2 sm:grid-cols-3' : 'sm:grid-cols-2'}`}>
        {group.options.map((option) => {
          const id = `opt-${option.id}`;
          const hints = [
            option.requires.length ? t('configurator_needs', { options: list(option.requires) }) : '',
            option.excludes.length ? t('configurator_not_with', { options: list(option.excludes) }) : '',
          ].filter(Boolean);
          return (
            <div key={option.id} className="relative min-w-0">
              <input
                type="radio"
                id={id}
                name={groupKey(group.group)}
                value={bikeOptionSlug(option.id)}
                checked={chosen === option.id}
                onChange={() => onChoose(group.group, option.id)}
                aria-describedby={hints.length ? `${id}-hint` : undefined}
                className="peer sr-only"
              />
              <label
                htmlFor={id}
                className="flex h-full cursor-pointer flex-col gap-1 rounded-xl hyphens-auto wrap-break-word border-2 border-neutral-200 bg-white p-4 transition-colors peer-checked:border-neutral-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-neutral-900 hover:border-neutral-400"
              >
                <span className="flex items-center gap-2 font-medium">
                  {option.image ? (
                    // The option's own image (decision 059); its name beside it says what it is.
                    <img
                      src={option.image.small.url}
                      width={option.image.small.width}
                      height={option.image.small.height}
                      alt=""
                      loading="lazy"
                      decoding="async"
                      className={`shrink-0 bg-neutral-100 object-cover ${isColor ? 'size-8 rounded-full ring-1 ring-neutral-400' : 'size-12 rounded-lg'}`}
                    />
                  ) : isColor ? (
                    <span
                      aria-hidden="true"
                      className="size-5 shrink-0 rounded-full ring-1 ring-neutral-400"
                      style={{ backgroundColor: bikeColor([option.id]) }}
                    />
                  ) : null}
                  {optionName(t, option)}
                </span>
                <span className="text-sm text-neutral-600">{optionPrice(option.price.amount, currency, tag, t)}</span>
                {hints.length ? (
                  <span id={`${id}-hint`} className="text-xs text-neutral-600">
                    {hints.join(' · ')}
                  </span>
                ) : null}
              </label>
              {chosen === option.id ? (
                <Check
                  size={18}
                  aria-hidden="true"
                  className="pointer-events-none absolute top-3 right-3 text-neutral-900"
                />
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

export function ConflictList({
  conflicts,
  groups,
  choice,
  names,
  pathname,
  keep,
}: {
  conflicts: Conflict[];
  groups: ComponentGroup[];
  choice: Choice;
  names: Map<string, string>;
  pathname: string;
  /** Query kept on every link (builder edit mode). */
  keep: string;
}) {
  const { t } = useTranslation();
  const name = (id: string) => t(names.get(id) ?? id);
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle size={18} aria-hidden="true" />
        {t('configurator_conflict_title')}
      </p>
      <ul className="mt-2 space-y-2">
        {conflicts.map((c) => {
          const fixed = resolve(groups, choice, c);
          const changed = fixed ? Object.entries(fixed).find(([g, id]) => choice[g] !== id)?.[1] : undefined;
          const query = fixed ? [queryOf(groups, fixed), keep].filter(Boolean).join('&') : '';
          return (
            <li
              key={`${c.optionId}-${c.kind}-${c.otherOptionId}`}
              className="flex flex-wrap items-center gap-x-3 gap-y-1"
            >
              <span>
                {t(c.kind === 'requires' ? 'configurator_conflict_requires' : 'configurator_conflict_excludes', {
                  option: name(c.optionId),
                  other: name(c.otherOptionId),
                })}
              </span>
              {fixed && changed ? (
                <Link
                  to={`${pathname}${query ? `?${query}` : ''}`}
                  replace
                  preventScrollReset
                  className="font-semibold underline underline-offset-2"
                >
                  {t('configurator_fix', { option: name(changed) })}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
