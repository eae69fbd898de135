/**
 * The compose deployment (docker-compose.yml, Caddyfile) as a file: no Docker engine runs the
 * tests, so what a deployment relies on is read from the file itself. HTTPS in front and nothing
 * else published, rotated logs, one image, the database password apart from DATABASE_URL (and
 * that the shop really sends PGPASSWORD, any character in it, to the server), and an object store
 * whose credentials must be chosen.
 */
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { parse } from 'yaml';

const root = path.resolve(__dirname, '..', '..');

interface Service {
  image?: string;
  build?: unknown;
  ports?: string[];
  environment?: Record<string, string | number>;
  logging?: { driver?: string; options?: Record<string, string> };
  volumes?: string[];
}

const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, Service>;
};
const services = Object.entries(compose.services);
const service = (name: string): Service => compose.services[name];

describe('docker-compose.yml', () => {
  it('publishes Caddy alone, on 80 and 443, which serves SHOP_DOMAIN over HTTPS in front of the app', () => {
    expect(services.filter(([, s]) => s.ports).map(([name]) => name)).toEqual(['caddy']);
    expect(service('caddy').ports).toEqual(['80:80', '443:443', '443:443/udp']);
    expect(service('caddy').environment!.SHOP_DOMAIN).toMatch(/^\$\{SHOP_DOMAIN:\?.+\}$/);
    expect(service('caddy').volumes).toContain('./Caddyfile:/etc/caddy/Caddyfile:ro');
    const caddyfile = readFileSync(path.join(root, 'Caddyfile'), 'utf8').replace(/#.*$/gm, '');
    expect(caddyfile.trim()).toMatch(/^\{\$SHOP_DOMAIN\} \{\s+reverse_proxy app:4000\s+\}$/);
    // Caddy is the one proxy in front: the client's address is the one it saw.
    expect(service('app').environment!.TRUST_PROXY).toBe('${TRUST_PROXY:-1}');
  });

  it('rotates the log of every service', () => {
    for (const [name, s] of services) {
      expect({ name, logging: s.logging }).toEqual({
        name,
        logging: { driver: 'json-file', options: { 'max-size': expect.any(String), 'max-file': expect.any(String) } },
      });
    }
  });

  it('builds one image, in the app service, which the one-shot services run by name', () => {
    expect(services.filter(([, s]) => s.build).map(([name]) => name)).toEqual(['app']);
    for (const name of ['migrate', 'storage-init']) expect(service(name).image).toBe(service('app').image);
  });

  it('passes the database password as PGPASSWORD, never spliced into DATABASE_URL', () => {
    const withDatabase = services.filter(([, s]) => s.environment?.DATABASE_URL !== undefined);
    expect(withDatabase.map(([name]) => name).sort()).toEqual(['app', 'migrate', 'storage-init']);
    for (const [, s] of withDatabase) {
      expect(s.environment!.DATABASE_URL).toBe('postgres://storybook@postgres:5432/storybook');
      expect(s.environment!.PGPASSWORD).toMatch(/^\$\{POSTGRES_PASSWORD:\?.+\}$/);
    }
  });

  it('runs a maintained S3-compatible store whose credentials have no default', () => {
    expect(services.map(([, s]) => s.image ?? '').filter((image) => /minio/i.test(image))).toEqual([]);
    const storage = service('storage').environment!;
    expect(storage.ROOT_ACCESS_KEY_ID).toMatch(/^\$\{S3_ACCESS_KEY_ID:\?.+\}$/);
    expect(storage.ROOT_SECRET_ACCESS_KEY).toMatch(/^\$\{S3_SECRET_ACCESS_KEY:\?.+\}$/);
    const app = service('app').environment!;
    expect(app.S3_ACCESS_KEY_ID).toMatch(/^\$\{S3_ACCESS_KEY_ID:\?.+\}$/);
    expect(app.S3_SECRET_ACCESS_KEY).toMatch(/^\$\{S3_SECRET_ACCESS_KEY:\?.+\}$/);
  });
});

/**
 * A stand-in for PostgreSQL's password exchange: it asks for the password in clear text,
 * records it, and refuses the connection. Enough to see what a client sends.
 */
async function passwordCatcher(): Promise<{ port: number; passwords: string[]; close(): void }> {
  const passwords: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = Buffer.alloc(0);
    let started = false;
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (!started && buffer.length >= 4 && buffer.length >= buffer.readInt32BE(0)) {
        // The startup message: length, protocol, parameters. Answer: AuthenticationCleartextPassword.
        buffer = buffer.subarray(buffer.readInt32BE(0));
        started = true;
        socket.write(Buffer.from([0x52, 0, 0, 0, 8, 0, 0, 0, 3]));
      }
      if (started && buffer.length >= 5 && buffer[0] === 0x70 && buffer.length >= 1 + buffer.readInt32BE(1)) {
        // PasswordMessage: 'p', length, the password and a NUL.
        passwords.push(buffer.subarray(5, buffer.readInt32BE(1)).toString('utf8'));
        const fields = Buffer.from('SFATAL\0C28P01\0Mpassword authentication failed\0\0');
        const header = Buffer.alloc(5);
        header.write('E');
        header.writeInt32BE(4 + fields.length, 1);
        socket.end(Buffer.concat([header, fields]));
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, passwords, close: () => server.close() };
}

describe('the database password compose passes as PGPASSWORD', () => {
  it('reaches the database server whole, whatever characters it holds', async () => {
    const catcher = await passwordCatcher();
    const password = 'p/ss@w:rd#%?&=+ ü';
    try {
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        NODE_ENV: 'production',
        ENV_FILE: 'none',
        LOG_LEVEL: 'info',
        DATABASE_URL: `postgres://storybook@127.0.0.1:${catcher.port}/storybook`,
        PGPASSWORD: password,
      };
      delete env.NODE_OPTIONS;
      // The migrate script from its sources, as the process tests run the shop.
      env.SWC_NODE_PROJECT = path.join(root, 'server', 'tsconfig.json');
      const script = path.join(root, 'server', 'src', 'scripts', 'migrate.ts');
      const child = spawn(process.execPath, ['-r', '@swc-node/register', script], { cwd: root, env });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
      const code = await new Promise((resolve) => child.on('close', resolve));
      expect({ code, output }).toMatchObject({ code: 1, output: expect.stringContaining('password authentication failed') });
      expect(catcher.passwords).toEqual([password]);
    } finally {
      catcher.close();
    }
  });
});
