import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { listSubmissions, RESUBMIT_WINDOW_MS, saveSubmission } from './forms.server';

const db = testDatabase();
const fields = { name: 'Ada Lovelace', email: 'ada@example.com', message: 'Please call me back.' };

describe('form submissions', () => {
  it('stores a retry of the same submission once (a 503 or a lost answer makes people send again)', async () => {
    const tenantId = uniqueTenantId();
    const first = await saveSubmission(db, tenantId, 'contactUs', 'en', fields);
    const again = await saveSubmission(db, tenantId, 'contactUs', 'en', { ...fields });
    expect(again.id).toBe(first.id);
    expect(await listSubmissions(db, tenantId, 'contactUs')).toHaveLength(1);
  });

  it('stores different submissions, the same one on another form or tenant, and the same one sent again much later', async () => {
    const tenantId = uniqueTenantId();
    const other = uniqueTenantId();
    const now = Date.now();
    await saveSubmission(db, tenantId, 'contactUs', 'en', fields, now);
    await saveSubmission(db, tenantId, 'contactUs', 'en', { ...fields, message: 'Another question.' }, now);
    await saveSubmission(db, tenantId, 'requestInfo', 'en', fields, now);
    await saveSubmission(db, other, 'contactUs', 'en', fields, now);
    await saveSubmission(db, tenantId, 'contactUs', 'en', fields, now + RESUBMIT_WINDOW_MS + 1000);
    expect(await listSubmissions(db, tenantId, 'contactUs')).toHaveLength(3);
    expect(await listSubmissions(db, tenantId, 'requestInfo')).toHaveLength(1);
    expect(await listSubmissions(db, other, 'contactUs')).toHaveLength(1);
  });
});
