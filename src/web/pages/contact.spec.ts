import { describe, expect, it } from 'vitest';
import { CONTACT_FORM_MESSAGES, EMPTY_CONTACT_FORM, contactPayload, prefillContact, validateContact } from './contact';

const filled = {
  name: ' Phil Hill ',
  email: ' phil@example.com ',
  topic: 'selling',
  subject: ' Listing a Testa Rossa gearbox ',
  message: ' How do I list a gearbox with its original tag? ',
};

describe('the Contact Us form', () => {
  it('names every missing field with the server’s messages', () => {
    expect(validateContact(EMPTY_CONTACT_FORM)).toEqual({
      name: CONTACT_FORM_MESSAGES.name,
      email: CONTACT_FORM_MESSAGES.email,
      topic: CONTACT_FORM_MESSAGES.topic,
      subject: CONTACT_FORM_MESSAGES.subject,
      message: CONTACT_FORM_MESSAGES.message,
    });
  });

  it('accepts a filled form and sends it trimmed', () => {
    expect(validateContact(filled)).toEqual({});
    expect(contactPayload(filled)).toEqual({
      name: 'Phil Hill',
      email: 'phil@example.com',
      topic: 'selling',
      subject: 'Listing a Testa Rossa gearbox',
      message: 'How do I list a gearbox with its original tag?',
    });
  });

  it('refuses an unknown topic, a bad address, a short message and over-long text', () => {
    expect(validateContact({ ...filled, topic: 'gossip' })).toEqual({ topic: CONTACT_FORM_MESSAGES.topic });
    expect(validateContact({ ...filled, email: 'phil@' })).toEqual({ email: CONTACT_FORM_MESSAGES.email });
    expect(validateContact({ ...filled, message: ' too short ' })).toEqual({ message: CONTACT_FORM_MESSAGES.message });
    expect(validateContact({ ...filled, subject: 'x'.repeat(151) })).toEqual({ subject: CONTACT_FORM_MESSAGES.subjectLength });
    expect(validateContact({ ...filled, name: 'x'.repeat(101) })).toEqual({ name: CONTACT_FORM_MESSAGES.nameLength });
    expect(validateContact({ ...filled, message: 'x'.repeat(5001) })).toEqual({ message: CONTACT_FORM_MESSAGES.messageLength });
  });

  it('fills a signed-in user’s name and email, never over what was typed', () => {
    const user = { firstName: 'Dan', lastName: 'Gurney', username: 'dgurney', email: 'dan@example.com' };
    expect(prefillContact(EMPTY_CONTACT_FORM, user)).toMatchObject({ name: 'Dan Gurney', email: 'dan@example.com' });
    expect(prefillContact({ ...EMPTY_CONTACT_FORM, name: 'Daniel' }, user)).toMatchObject({ name: 'Daniel', email: 'dan@example.com' });
    expect(prefillContact(EMPTY_CONTACT_FORM, { ...user, firstName: null, lastName: null })).toMatchObject({ name: 'dgurney' });
    expect(prefillContact(EMPTY_CONTACT_FORM, null)).toEqual(EMPTY_CONTACT_FORM);
  });
});
