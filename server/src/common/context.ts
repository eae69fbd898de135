import type { Request, Response } from 'express';
import type { AdminUser } from '../admin/admin-user.entity';

/** Per-request GraphQL context. The admin is looked up lazily, once, from the session cookie. */
export interface Context {
  req: Request;
  res: Response;
  /** The signed-in admin, or null. */
  admin(): Promise<AdminUser | null>;
}
