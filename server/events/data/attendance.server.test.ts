import { describe, expect, it } from 'vitest';
import { testDatabase } from '#tests/support/local-stack';
import { uniqueTenantId } from '#tests/support/tenants';
import { attendeeNames, listAttendance, listRoomFinished, recordAttendance, recordRoomFinished } from './attendance.server';

const db = testDatabase();
const EVENT = 'abcdefabcdef';

describe('attendance', () => {
  it('records joins and leaves in time order, once per webhook, per tenant', async () => {
    const t = uniqueTenantId();
    await recordAttendance(db, t, EVENT, { identity: 'u1', name: 'Uma', action: 'joined', at: '2030-01-01T10:00:00.000Z', webhookId: 'EV_1' });
    await recordAttendance(db, t, EVENT, { identity: 'u2', name: 'Vic', action: 'joined', at: '2030-01-01T10:00:30.000Z', webhookId: 'EV_2' });
    await recordAttendance(db, t, EVENT, { identity: 'u1', name: 'Uma L', action: 'left', at: '2030-01-01T10:20:00.000Z', webhookId: 'EV_3' });
    // LiveKit redelivers a webhook it got no answer for: the same id overwrites its item.
    await recordAttendance(db, t, EVENT, { identity: 'u1', name: 'Uma L', action: 'left', at: '2030-01-01T10:20:00.000Z', webhookId: 'EV_3' });
    expect((await listAttendance(db, t, EVENT)).map((r) => [r.identity, r.action])).toEqual([
      ['u1', 'joined'],
      ['u2', 'joined'],
      ['u1', 'left'],
    ]);
    expect((await listAttendance(db, t, EVENT, 'u1')).map((r) => r.action)).toEqual(['joined', 'left']);
    expect(await attendeeNames(db, t, EVENT, ['u1', 'u9'])).toEqual(new Map([['u1', 'Uma L']]));
    expect(await listAttendance(db, uniqueTenantId(), EVENT)).toEqual([]);

    await recordRoomFinished(db, t, EVENT, '2030-01-01T11:30:00.000Z', 'EV_4');
    expect(await listRoomFinished(db, t, EVENT)).toEqual(['2030-01-01T11:30:00.000Z']);
    expect(await listAttendance(db, t, EVENT)).toHaveLength(3);
  });
});
