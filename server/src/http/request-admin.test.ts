import type { Request } from 'express';
import type { AdminUser } from '../admin/admin-user.entity';
import type { AuthService } from '../admin/auth.service';
import type { SessionCookie } from '../admin/session-cookie';
import { RequestAdmin } from './request-admin';

const admin = { id: 'a1', email: 'admin@example.com' } as AdminUser;

function lookupWith(tokens: Record<string, AdminUser>) {
  const adminForToken = jest.fn(async (token: string | undefined) => (token ? (tokens[token] ?? null) : null));
  const auth = { adminForToken } as unknown as AuthService;
  const cookie = { read: (req: Request) => (req as unknown as { token?: string }).token } as unknown as SessionCookie;
  return { requestAdmin: new RequestAdmin(auth, cookie), adminForToken };
}

describe('RequestAdmin', () => {
  it('looks the session up once per request, however often it is asked', async () => {
    const { requestAdmin, adminForToken } = lookupWith({ good: admin });
    const req = { token: 'good' } as unknown as Request;
    expect(await requestAdmin.of(req)).toBe(admin);
    expect(await requestAdmin.of(req)).toBe(admin);
    expect(adminForToken).toHaveBeenCalledTimes(1);
  });

  it('answers each request for its own cookie', async () => {
    const { requestAdmin, adminForToken } = lookupWith({ good: admin });
    expect(await requestAdmin.of({ token: 'good' } as unknown as Request)).toBe(admin);
    expect(await requestAdmin.of({ token: 'forged' } as unknown as Request)).toBeNull();
    expect(await requestAdmin.of({} as unknown as Request)).toBeNull();
    expect(adminForToken).toHaveBeenCalledTimes(3);
  });
});
