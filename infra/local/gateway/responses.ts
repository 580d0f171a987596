// Answers the local server writes itself, before or instead of a handler (the handlers build
// their own through functions/lib/http/).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { securityHeaders } from '@shared/security-headers';

export function sendJson(res: ServerResponse, status: number, body: unknown, extra: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...securityHeaders('api'), ...extra });
  res.end(JSON.stringify(body));
}

/** How long a refused body may keep arriving (and be dropped) after the answer, before the connection is cut. */
const LINGER_MS = 2000;

/**
 * Answers a request whose body is refused or not wanted (404, malformed path, 413) without
 * reading that body into memory: what still arrives is dropped. Node closes such a connection
 * once the answer is sent; closing it outright would make the client's kernel answer our reset by
 * dropping the 413 before the client reads it, so the close lingers: our side is shut (FIN), what
 * the client still sends is dropped for at most LINGER_MS, then the socket is destroyed.
 */
export function refuseUnread(req: IncomingMessage, res: ServerResponse, status: number, body: unknown) {
  const socket = req.socket as Socket;
  socket.destroySoon = function lingeringClose(this: Socket) {
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('end', () => {
      clearTimeout(timer);
      this.destroy();
    });
  };
  req.resume();
  sendJson(res, status, body, { connection: 'close' });
}
