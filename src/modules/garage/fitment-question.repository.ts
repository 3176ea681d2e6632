import type { EntityManager } from '@mikro-orm/postgresql';

/** Of `ids` (a text[] literal), the upload photo ids a fitment question shows (first group of `idPattern`). */
export async function claimedQuestionPhotoIds(em: EntityManager, idPattern: string, ids: string): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `select distinct id from (
       select substring(photo->>'url' from ?) as id from fitment_questions, jsonb_array_elements(photos) as photo
     ) as used
     where id = any(?::text[])`,
    [idPattern, ids],
  );
  return rows.map((r) => r.id);
}
