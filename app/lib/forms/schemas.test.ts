import { describe, expect, it } from 'vitest';
import {
  HONEYPOT_FIELD,
  isValidPhone,
  parseAttendees,
  readFormValues,
  subjectFromQuery,
  topicFromQuery,
  validateForm,
} from './schemas';

const goodRequest = {
  name: '  Ana Pérez ',
  email: ' ana@example.com ',
  company: '',
  phone: '',
  topic: 'demo',
  attendees: '',
  message: 'We would like to see a live demo.',
};
const goodContact = { name: 'Jo', email: 'jo@example.org', subject: 'Hello', message: 'A question about recordings.' };

function form(entries: Record<string, string | Blob>): FormData {
  const fd = new FormData();
  for (const [k, v] of Object.entries(entries)) fd.append(k, v);
  return fd;
}

describe('requestInfo schema', () => {
  it('accepts a minimal valid request and returns trimmed fields without empty optional ones', () => {
    const result = validateForm('requestInfo', goodRequest);
    expect(result).toEqual({
      ok: true,
      fields: { name: 'Ana Pérez', email: 'ana@example.com', topic: 'demo', message: 'We would like to see a live demo.' },
    });
  });

  it('keeps optional fields when given, attendees as a plain integer', () => {
    const result = validateForm('requestInfo', { ...goodRequest, company: 'Acme', phone: '+1 (212) 555-0134', attendees: '1,000' });
    expect(result.ok && result.fields).toMatchObject({ company: 'Acme', phone: '+1 (212) 555-0134', attendees: '1000' });
  });

  it('reports one translation key per invalid field', () => {
    const result = validateForm('requestInfo', {
      name: ' ',
      email: 'ana@',
      company: 'x'.repeat(121),
      phone: 'call me',
      topic: 'sales',
      attendees: '0',
      message: 'short',
    });
    expect(result).toEqual({
      ok: false,
      fieldErrors: {
        name: 'forms.errors.nameRequired',
        email: 'forms.errors.emailInvalid',
        company: 'forms.errors.companyTooLong',
        phone: 'forms.errors.phoneInvalid',
        topic: 'forms.errors.topicInvalid',
        attendees: 'forms.errors.attendeesInvalid',
        message: 'forms.errors.messageTooShort',
      },
    });
  });

  it('tells a missing email from a malformed one, and checks lengths', () => {
    const r1 = validateForm('requestInfo', { ...goodRequest, email: '', name: 'n'.repeat(101), message: 'm'.repeat(5001) });
    expect(r1.ok ? null : r1.fieldErrors).toEqual({
      email: 'forms.errors.emailRequired',
      name: 'forms.errors.nameTooLong',
      message: 'forms.errors.messageTooLong',
    });
  });

  it('refuses an empty topic and attendees outside 1..1,000,000', () => {
    for (const attendees of ['1000001', '-5', '2.5', '1,5', 'ten', '1e3']) {
      const r = validateForm('requestInfo', { ...goodRequest, attendees });
      expect(r.ok ? null : r.fieldErrors.attendees, attendees).toBe('forms.errors.attendeesInvalid');
    }
    const r = validateForm('requestInfo', { ...goodRequest, topic: '' });
    expect(r.ok ? null : r.fieldErrors).toEqual({ topic: 'forms.errors.topicInvalid' });
  });
});

describe('contactUs schema', () => {
  it('accepts a valid message', () => {
    expect(validateForm('contactUs', goodContact)).toEqual({ ok: true, fields: goodContact });
  });

  it('requires a subject of at most 150 characters', () => {
    expect(validateForm('contactUs', { ...goodContact, subject: '   ' })).toEqual({ ok: false, fieldErrors: { subject: 'forms.errors.subjectRequired' } });
    expect(validateForm('contactUs', { ...goodContact, subject: 's'.repeat(151) })).toEqual({
      ok: false,
      fieldErrors: { subject: 'forms.errors.subjectTooLong' },
    });
  });

  it('fails every required field of an empty post', () => {
    const r = validateForm('contactUs', { name: '', email: '', subject: '', message: '' });
    expect(r.ok ? [] : Object.keys(r.fieldErrors).sort()).toEqual(['email', 'message', 'name', 'subject']);
  });
});

describe('field helpers', () => {
  it('parses whole attendee counts with or without group separators', () => {
    expect(parseAttendees('250')).toBe(250);
    expect(parseAttendees('1,000')).toBe(1000);
    expect(parseAttendees('1.000')).toBe(1000);
    expect(parseAttendees('1 000 000')).toBe(1_000_000);
    expect(parseAttendees('1\u202f000')).toBe(1000);
    expect(parseAttendees('1,5')).toBeNull();
    expect(parseAttendees('12,34,567')).toBeNull();
    expect(parseAttendees('')).toBeNull();
  });

  it('accepts common phone spellings and refuses text or too few digits', () => {
    for (const ok of ['+33 1 84 88 00 42', '(212) 555-0134', '55.5555.0199', '5551234']) expect(isValidPhone(ok), ok).toBe(true);
    for (const bad of ['call me', '12345', '+1 212 555 0134 ext 2', '++1234567', '1234567890123456']) expect(isValidPhone(bad), bad).toBe(false);
  });

  it('reads only the form’s own fields, as strings, and detects the honeypot', () => {
    const fd = form({ ...goodContact, extra: 'ignored', [HONEYPOT_FIELD]: '' });
    expect(readFormValues('contactUs', fd)).toEqual({ values: goodContact, honeypot: false });
    expect(readFormValues('contactUs', form({ ...goodContact, [HONEYPOT_FIELD]: 'http://spam.example' })).honeypot).toBe(true);
  });

  it('treats missing fields, files and no body at all as empty strings', () => {
    const fd = form({ name: new Blob(['x']), email: 'a@b.co' });
    expect(readFormValues('contactUs', fd).values).toEqual({ name: '', email: 'a@b.co', subject: '', message: '' });
    expect(readFormValues('requestInfo', null)).toEqual({
      values: { name: '', email: '', company: '', phone: '', topic: '', attendees: '', message: '' },
      honeypot: false,
    });
  });

  it('cuts very long posted values', () => {
    const { values } = readFormValues('contactUs', form({ message: 'x'.repeat(50_000) }));
    expect(values.message).toHaveLength(10_000);
  });

  it('takes the topic and subject from links', () => {
    expect(topicFromQuery('pricing')).toBe('pricing');
    expect(topicFromQuery('PRICING')).toBe('');
    expect(topicFromQuery(null)).toBe('');
    expect(subjectFromQuery('  Sound   engineer\n(Paris) ')).toBe('Sound engineer (Paris)');
    expect(subjectFromQuery('s'.repeat(400))).toHaveLength(150);
    expect(subjectFromQuery(null)).toBe('');
  });
});
