/**
 * Stores a batch of messages in the development outbox in one statement (a batch of outbid mails can hold
 * hundreds). Parameters: the sender, then the messages as a JSON array of `{to, subject, text, html}`.
 */
export const STORE_MAIL_SQL = `insert into mail_outbox ("from", "to", subject, text, html)
       select ?, m."to", m.subject, m.text, m.html from json_to_recordset(?::json) as m("to" text, subject text, text text, html text)`;
