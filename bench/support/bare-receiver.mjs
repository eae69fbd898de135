// What receiving a request costs on this machine with nothing else to do: a bare node:http server
// that reads each request's body to its end and answers a short JSON reply (about the size of
// createOrder's). Started as a child process by a benchmark, it prints its port on stdout.
import http from 'node:http';

const REPLY = JSON.stringify({ data: { createOrder: { orderId: '00000000-0000-4000-8000-000000000000', userErrors: [] } } });

const server = http.createServer((request, response) => {
  request.on('data', () => undefined);
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(REPLY) });
    response.end(REPLY);
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
