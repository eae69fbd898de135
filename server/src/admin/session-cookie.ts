import { parse } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';

/** The admin session cookie: httpOnly, SameSite=Lax, Secure (and __Host-) in production. */
export class SessionCookie {
  readonly name: string;

  constructor(private readonly secure: boolean) {
    this.name = secure ? '__Host-storybook_session' : 'storybook_session';
  }

  private options(expires?: Date): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.secure, path: '/', expires };
  }

  read(req: Request): string | undefined {
    const header = req.headers.cookie;
    return header ? parse(header)[this.name] : undefined;
  }

  set(res: Response, token: string, expires: Date): void {
    res.cookie(this.name, token, this.options(expires));
  }

  clear(res: Response): void {
    res.clearCookie(this.name, this.options());
  }
}
