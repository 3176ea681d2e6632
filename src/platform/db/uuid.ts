/** Whether `value` is written as a uuid (any version), so that PostgreSQL's uuid cast accepts it. */
export const isUuid = (value: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

/** A `uuid[]` literal of the distinct valid ids (others name no row), for a `= any(?::uuid[])` parameter. */
export const uuidArray = (ids: Iterable<string>): string => `{${[...new Set(ids)].filter(isUuid).join(',')}}`;
