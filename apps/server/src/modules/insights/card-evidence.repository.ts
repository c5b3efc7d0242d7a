import { and, gte, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { EvidenceItem } from '@kaleido/shared/insights/insight-cards.schemas';
import { rowsOf, type Db } from '../../db/client';
import { analysisDays, analysisItems } from '../../db/schema/analysis';
import { TIME_BANDS } from './rules/bands';
import type { EvidenceRequest, InstantRange, WordsRequest } from './rules/evidence';

/**
 * The SQL of a card's evidence, looked up by description (rules/evidence.ts): the valence
 * words from the daily rollups and the items that match what the card claims.
 */
export function createCardEvidenceRepository(db: Db) {
  return {
    /** The valence words a card names, as `request` describes them (from `fromDay` on). */
    async words(userId: string, request: WordsRequest, fromDay: string): Promise<string[]> {
      const words = analysisDays.words;
      const group = request.kind
        ? sql`${words} -> 'byKind' -> ${request.kind}`
        : request.band
          ? sql`${words} -> 'byBand' -> ${request.band}`
          : sql`${words} -> 'all'`;
      const where = [
        eq(analysisDays.userId, userId),
        gte(analysisDays.day, request.fromDay ?? fromDay),
      ];
      if (request.fromDay && request.fromDay < fromDay) where.push(gte(analysisDays.day, fromDay));
      if (request.toDay) where.push(lt(analysisDays.day, request.toDay));
      // Sums are exact (numeric of hundredths); ties go to the word seen first (day, place).
      const rows = rowsOf<{ word: string }>(
        await db.execute(sql`
          select x.w ->> 0 as word
          from ${analysisDays}
          cross join lateral jsonb_array_elements(coalesce(${group} -> ${request.direction}, '[]'::jsonb))
            with ordinality as x(w, place)
          where ${and(...where)}
          group by x.w ->> 0
          order by sum((x.w ->> 1)::numeric) desc,
                   min(${analysisDays.day} || lpad(x.place::text, 6, '0'))
          limit ${request.limit}`),
      );
      return rows.map((r) => r.word);
    },

    /** The items a card names as evidence, as `request` describes them. */
    async evidence(
      userId: string,
      request: EvidenceRequest,
      timezone: string,
      historyFrom: Date | null,
    ): Promise<EvidenceItem[]> {
      const where: (SQL | undefined)[] = [eq(analysisItems.userId, userId)];
      if (historyFrom) where.push(gte(analysisItems.occurredAt, historyFrom));
      if (request.ranges.length) where.push(or(...request.ranges.map(rangeSql)));
      if (request.kind) where.push(eq(analysisItems.sourceKind, request.kind));
      if (request.band) {
        const band = TIME_BANDS.find((b) => b.label === request.band);
        const hour = sql`extract(hour from ${analysisItems.occurredAt} at time zone ${timezone})`;
        if (band)
          where.push(
            band.from < band.to
              ? sql`(${hour} >= ${band.from} and ${hour} < ${band.to})`
              : sql`(${hour} >= ${band.from} or ${hour} < ${band.to})`,
          );
      }
      if (request.scored === 'worded')
        where.push(sql`(${analysisItems.result}->>'wordCount')::int > 0`);
      if (request.scored === 'mood')
        where.push(
          sql`${analysisItems.sourceKind} = 'journal' and ${analysisItems.mood} is not null`,
        );
      const score =
        request.scored === 'mood'
          ? sql`(case when ${analysisItems.mood} in ('happy', 'excited') then 1 when ${analysisItems.mood} in ('sad', 'angry') then -1 else 0 end)`
          : sql`${analysisItems.valence}`;
      if (request.sign) where.push(sql`${score} * ${request.sign} > 0`);
      const emotionCount = sql`coalesce((${analysisItems.result}->'emotions'->${request.emotion ?? 'joy'}->>'count')::int, 0)`;
      if (request.emotion) where.push(sql`${emotionCount} > 0`);
      if (request.emotional) where.push(sql`${analysisItems.dominantEmotion} is not null`);
      if (request.theme !== undefined)
        where.push(sql`(exists (
            select 1 from jsonb_array_elements(${analysisItems.result}->'themes') as t
            where t->>'kind' <> 'entity' and lower(t->>'text') = ${request.theme})
          or exists (
            select 1 from jsonb_array_elements_text(${analysisItems.tags}) as g
            where lower(g) = ${request.theme}))`);
      const at = analysisItems.occurredAt;
      const order: Record<EvidenceRequest['order'], SQL[]> = {
        newest: [sql`${at} desc`],
        oldest: [sql`${at} asc`],
        strongest: [sql`${score} * ${request.sign ?? 1} desc`, sql`${at} desc`],
        most_felt: [sql`abs(${analysisItems.valence}) desc`, sql`${at} asc`],
        emotion: [sql`${emotionCount} desc`, sql`${at} asc`],
      };
      const rows = await db
        .select({
          kind: analysisItems.sourceKind,
          id: analysisItems.sourceId,
          title: analysisItems.title,
          snippet: analysisItems.snippet,
          occurredAt: analysisItems.occurredAt,
          href: analysisItems.href,
        })
        .from(analysisItems)
        .where(and(...where))
        .orderBy(...order[request.order])
        .limit(request.limit);
      return rows.map(({ occurredAt, ...row }) => ({ ...row, date: occurredAt.toISOString() }));
    },
  };
}

function rangeSql(range: InstantRange): SQL {
  const at = analysisItems.occurredAt;
  const stamp = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const parts: SQL[] = [sql`true`];
  if (range.gt) parts.push(sql`${at} > ${stamp(range.gt)}`);
  if (range.gte) parts.push(sql`${at} >= ${stamp(range.gte)}`);
  if (range.lt) parts.push(sql`${at} < ${stamp(range.lt)}`);
  if (range.lte) parts.push(sql`${at} <= ${stamp(range.lte)}`);
  return sql`(${sql.join(parts, sql` and `)})`;
}

export type CardEvidenceRepository = ReturnType<typeof createCardEvidenceRepository>;
