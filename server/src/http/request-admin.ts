import type { Request } from 'express';
import type { AdminUser } from '../admin/admin-user.entity';
import type { AuthService } from '../admin/auth.service';
import type { SessionCookie } from '../admin/session-cookie';

/**
 * The admin signed in on a request, looked up from its session cookie at most once: the
 * upload policy asks before the body is read, and the GraphQL context asks again later.
 */
export class RequestAdmin {
  private readonly lookups = new WeakMap<Request, Promise<AdminUser | null>>();

  constructor(
    private readonly auth: AuthService,
    private readonly cookie: SessionCookie,
  ) {}

  of(req: Request): Promise<AdminUser | null> {
    let lookup = this.lookups.get(req);
    if (!lookup) {
      lookup = this.auth.adminForToken(this.cookie.read(req));
      this.lookups.set(req, lookup);
    }
    return lookup;
  }
}
