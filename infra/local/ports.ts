// Port helpers for the local stack.
import { createServer } from 'node:net';
import { randomInt } from 'node:crypto';

// Below Linux's ephemeral range (32768–60999 by default), which the kernel hands out to outgoing
// connections: a port chosen there and bound seconds later by another process (DynamoDB Local,
// a stack started by a test) could meanwhile be the local port of one of the thousands of HTTP
// connections a test run makes, and the later bind failed with "port already in use".
const FIRST = 20_000;
const LAST = 32_000;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

/** A port nothing listens on now, outside the range the kernel gives outgoing connections. */
export async function freePort(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = randomInt(FIRST, LAST);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port between ${FIRST} and ${LAST}`);
}
