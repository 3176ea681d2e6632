/**
 * The stored session `sid` if it has not expired at the second parameter (ms since the epoch): run by the plain
 * reader as a named statement on the session store's pool (the system connection).
 */
export const SESSION_SQL = 'select sess from sessions where sid = ? and expire >= to_timestamp(? / 1000.0)';
