import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_S, accessTokens } from './tokens.ts';

const key = new TextEncoder().encode('a test signing key of enough length, 2026');

describe('access tokens', () => {
  afterEach(() => vi.useRealTimers());

  it('are answered again without a new check while valid, and refused from their expiry on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-25T10:00:00Z'));
    const tokens = accessTokens(key);
    const token = await tokens.sign({ sub: 'u-1', roles: ['customer'], sid: 's-1' });
    const first = await tokens.verify(token);
    expect(first).toMatchObject({ sub: 'u-1', roles: ['customer'], sid: 's-1' });
    // A caller changing its copy does not change the next answer.
    first?.roles.push('admin');
    expect((await tokens.verify(token))?.roles).toEqual(['customer']);
    vi.setSystemTime(new Date(Date.parse('2026-11-25T10:00:00Z') + ACCESS_TOKEN_TTL_S * 1000 + 1000));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another key or changed by one character', async () => {
    const token = await accessTokens(key).sign({ sub: 'u-1', roles: ['customer'], sid: 's-1' });
    const other = accessTokens(new TextEncoder().encode('another signing key of enough length, 2026'));
    expect(await other.verify(token)).toBeNull();
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await accessTokens(key).verify(tampered)).toBeNull();
  });
});
