/**
 * Records keys of reference rows of one kind as applied, in one statement, and answers those never applied before
 * (the conflict on the `reference_data` key decides). Parameters: the kind, then the keys as a JSON array.
 */
export const RECORD_NEW_KEYS_SQL = `insert into reference_data (kind, key)
     select ?, key from jsonb_array_elements_text(?::jsonb) as k(key)
     on conflict do nothing
     returning key`;
