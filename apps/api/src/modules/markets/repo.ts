import { countries, type Db, languages } from '@varg/db';
import { asc, count, desc, eq } from 'drizzle-orm';

export type CountryRow = typeof countries.$inferSelect;
export type LanguageRow = typeof languages.$inferSelect;
export type CountryWithLanguage = CountryRow & { language: LanguageRow };

const SORTS = {
  name: asc(countries.name),
  '-name': desc(countries.name),
  code: asc(countries.code),
  '-code': desc(countries.code),
} as const;

export function marketsRepo(db: Db) {
  const select = () =>
    db
      .select({ country: countries, language: languages })
      .from(countries)
      .innerJoin(languages, eq(languages.code, countries.languageCode));

  const join = (r: { country: CountryRow; language: LanguageRow }): CountryWithLanguage => ({
    ...r.country,
    language: r.language,
  });

  return {
    async listCountries(q: { status?: number | undefined; limit: number; page: number; sort: keyof typeof SORTS }) {
      const where = q.status === undefined ? undefined : eq(countries.status, q.status);
      const [rows, [total]] = await Promise.all([
        select()
          .where(where)
          .orderBy(SORTS[q.sort])
          .limit(q.limit)
          .offset((q.page - 1) * q.limit),
        db.select({ n: count() }).from(countries).where(where),
      ]);
      return { rows: rows.map(join), total: total?.n ?? 0 };
    },
    async findCountry(code: string) {
      const [row] = await select().where(eq(countries.code, code)).limit(1);
      return row ? join(row) : null;
    },
    async listLanguages(status?: number) {
      return db
        .select()
        .from(languages)
        .where(status === undefined ? undefined : eq(languages.status, status))
        .orderBy(asc(languages.nativeName));
    },
    async findLanguage(code: string) {
      const [row] = await db.select().from(languages).where(eq(languages.code, code)).limit(1);
      return row ?? null;
    },
  };
}
export type MarketsRepo = ReturnType<typeof marketsRepo>;
