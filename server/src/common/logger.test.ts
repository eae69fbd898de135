import { createLogger, EMAIL_MASK, type LoggerOptions, maskEmails, REDACTED, runWithRequestId } from './logger';

/** A logger writing to an array, one parsed JSON object per line. */
function capture(level: Parameters<typeof createLogger>[0], options: LoggerOptions = {}) {
  const lines: Array<Record<string, any>> = [];
  const raw: string[] = [];
  const destination = {
    write(line: string) {
      raw.push(line);
      lines.push(JSON.parse(line));
    },
  };
  return { logger: createLogger(level, { ...options, destination }), lines, raw };
}

describe('createLogger', () => {
  it('writes one JSON line per event with the level, an ISO time, the message and the fields', () => {
    const { logger, lines, raw } = capture('debug');
    logger.info('order created', { orderId: 'o-1', amountCents: 2500 });
    expect(lines).toEqual([expect.objectContaining({ level: 'info', msg: 'order created', orderId: 'o-1', amountCents: 2500 })]);
    expect(new Date(lines[0].time).toISOString()).toBe(lines[0].time);
    // Readers (and scripts) find the message right before its fields.
    expect(raw[0]).toContain('"msg":"order created","orderId":"o-1"');
  });

  it('drops the levels below LOG_LEVEL, and everything when silent', () => {
    const warn = capture('warn');
    warn.logger.debug('d');
    warn.logger.info('i');
    warn.logger.warn('w');
    warn.logger.error('e');
    expect(warn.lines.map((line) => line.msg)).toEqual(['w', 'e']);

    const silent = capture('silent');
    silent.logger.error('e');
    silent.logger.warn('w');
    expect(silent.raw).toEqual([]);

    const debug = capture('debug');
    debug.logger.debug('d');
    expect(debug.lines.map((line) => line.level)).toEqual(['debug']);
  });

  it('writes errors to stderr and the rest to stdout by default', () => {
    const out = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    const err = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
    try {
      const logger = createLogger('debug');
      logger.info('to stdout');
      logger.warn('also stdout');
      logger.error('to stderr');
      const written = (spy: jest.SpyInstance) => spy.mock.calls.map(([line]) => JSON.parse(String(line)).msg);
      expect(written(out)).toEqual(['to stdout', 'also stdout']);
      expect(written(err)).toEqual(['to stderr']);
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  });

  it('logs an Error with its type, message, code and stack', () => {
    const { logger, lines } = capture('info');
    logger.error('request failed', { error: Object.assign(new TypeError('boom'), { code: 'E_BOOM' }) });
    expect(lines[0].error).toMatchObject({ type: 'TypeError', message: 'boom', code: 'E_BOOM' });
    expect(lines[0].error.stack).toContain('TypeError: boom');
  });

  it('adds the request id to lines logged while a request is handled, and to nothing else', async () => {
    const { logger, lines } = capture('info');
    await runWithRequestId('req-42', async () => {
      await new Promise((resolve) => setImmediate(resolve));
      logger.error('graphql error', { path: ['createOrder'] });
    });
    logger.info('outside');
    expect(lines[0]).toMatchObject({ reqId: 'req-42', msg: 'graphql error' });
    expect(lines[1]).not.toHaveProperty('reqId');
  });
});

describe('redaction', () => {
  const fields = () => ({
    to: 'Parent.Name+kids@Example.co.uk',
    admin: 'owner@shop.example',
    note: 'bounced: <parent@example.com>; retry later.',
    error: new Error('duplicate key (email)=(parent@example.com)'),
    input: {
      email: 'parent@example.com',
      shippingAddress: { fullName: 'Sam Parent', streetAddress: '12 Oak Street', city: 'Portland', zipCode: '97201' },
    },
    shippingAddress: { streetAddress: '12 Oak Street' },
    password: 'hunter2-hunter2',
    headers: { cookie: 'storybook_session=abc', authorization: 'Bearer xyz' },
    orderId: '5b9d6f0e-0000-4000-8000-000000000000',
  });

  it('in production, masks e-mail addresses everywhere and redacts postal addresses, passwords, cookies and authorization', () => {
    const { logger, raw, lines } = capture('info', { production: true });
    logger.info('e-mail queued', fields());
    const line = raw[0];
    for (const secret of [
      '@example',
      '@shop.example',
      'Example.co.uk',
      'Oak Street',
      'Portland',
      'Sam Parent',
      '97201',
      'hunter2',
      'abc',
      'xyz',
    ]) {
      expect(line).not.toContain(secret);
    }
    expect(lines[0]).toMatchObject({
      to: EMAIL_MASK,
      admin: EMAIL_MASK,
      note: `bounced: <${EMAIL_MASK}>; retry later.`,
      error: { message: `duplicate key (email)=(${EMAIL_MASK})` },
      input: { email: REDACTED, shippingAddress: REDACTED },
      shippingAddress: REDACTED,
      password: REDACTED,
      headers: { cookie: REDACTED, authorization: REDACTED },
      orderId: '5b9d6f0e-0000-4000-8000-000000000000',
    });
  });

  it('outside production, keeps e-mails and addresses (a developer reads them) but never cookies or authorization', () => {
    const { logger, lines } = capture('info');
    logger.info('e-mail queued', fields());
    expect(lines[0]).toMatchObject({
      to: 'Parent.Name+kids@Example.co.uk',
      input: { email: 'parent@example.com', shippingAddress: { city: 'Portland' } },
      password: 'hunter2-hunter2',
      headers: { cookie: REDACTED, authorization: REDACTED },
    });
  });
});

describe('maskEmails', () => {
  it('masks each address in a text and leaves the rest', () => {
    expect(maskEmails('from a@b.co to c.d@e-f.example.org.')).toBe(`from ${EMAIL_MASK} to ${EMAIL_MASK}.`);
    expect(maskEmails('no address @ here, nor user@localhost')).toBe('no address @ here, nor user@localhost');
    expect(maskEmails('a@b@c.com')).toBe(`a@${EMAIL_MASK}`);
  });

  it('handles a long hostile text in one pass', () => {
    const hostile = `${'a'.repeat(50_000)}@${'b.'.repeat(25_000)}`;
    expect(maskEmails(hostile)).toBe(`${EMAIL_MASK}.`);
    const manyAts = '@a'.repeat(50_000);
    expect(maskEmails(manyAts)).toBe(manyAts);
  });
});
