import { auditLog } from '@varg/db';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly } from '../../../test/backoffice.ts';
import { apiCalls, useApi } from '../../../test/helper.ts';

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx, 120);

describe('the audit log page (GET /v1/admin/audit-log)', () => {
  it('pages the whole log, filtered by action prefix, actor e-mail, record type and record id', async () => {
    const admin = await signIn('admin@demo.starkfuture.com');
    const me = await ok(await call('GET', '/v1/user/me', admin));
    const { audit } = ctx.app.services;
    for (let i = 0; i < 3; i++)
      await audit.record({ actorId: me._id, action: 'probe.edit', entity: { type: 'order', id: `ord-${i}` } });
    await audit.record({ actorId: me._id, action: 'probe_x.other', entity: { type: 'dealer', id: 'dl-1' } });
    await audit.record({ actorId: null, action: 'probe.system' });

    const prefix = await ok(await call('GET', '/v1/admin/audit-log?action=probe.', admin));
    expect(prefix.docs.map((e: { action: string }) => e.action).sort()).toEqual([
      'probe.edit',
      'probe.edit',
      'probe.edit',
      'probe.system',
    ]);
    // `_` is a character, not a wildcard.
    const underscore = await ok(await call('GET', '/v1/admin/audit-log?action=probe_', admin));
    expect(underscore.docs.map((e: { action: string }) => e.action)).toEqual(['probe_x.other']);
    const byActor = await ok(await call('GET', '/v1/admin/audit-log?action=probe&actor=ADMIN@demo', admin));
    expect(byActor.total).toBe(4);
    const byType = await ok(await call('GET', '/v1/admin/audit-log?entityType=order&action=probe', admin));
    expect(byType.total).toBe(3);
    const paged = await ok(
      await call(
        'GET',
        '/v1/admin/audit-log?entityType=order&action=probe&pageSize=2&page=2&sort=createdAt&dir=asc',
        admin,
      ),
    );
    expect(paged).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(paged.docs.map((e: { entityId: string }) => e.entityId)).toEqual(['ord-2']);
    const byId = await ok(await call('GET', '/v1/admin/audit-log?q=ord-1', admin));
    expect(byId.docs.map((e: { entityId: string }) => e.entityId)).toEqual(['ord-1']);
    // The older callers' `limit` still sizes the answer.
    expect((await ok(await call('GET', '/v1/admin/audit-log?limit=2', admin))).docs).toHaveLength(2);
  });

  it('refuses bad filters with 400 and serves administrators only', async () => {
    const admin = await signIn('admin@demo.starkfuture.com');
    await refused(await call('GET', '/v1/admin/audit-log?entityType=spaceship', admin), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/admin/audit-log?pageSize=501', admin), 400, 'VALIDATION_ERROR');
    await refused(await call('GET', '/v1/admin/audit-log?sort=ip', admin), 400, 'VALIDATION_ERROR');
    const before = (await ctx.database.db.select().from(auditLog)).length;
    await expectAdminOnly(ctx, { method: 'GET', url: '/v1/admin/audit-log?action=probe' });
    expect((await ctx.database.db.select().from(auditLog)).length).toBeGreaterThanOrEqual(before);
  });
});
