// freePort (infra/local/ports.ts) chooses below the kernel's ephemeral range, where outgoing
// connections take their local ports: a port chosen there could be taken before the process meant
// to listen on it had started (a crash test once failed on « Le port 33039 est déjà utilisé »).
import { createServer } from 'node:net';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/ports';

describe('freePort', () => {
  it('answers a port outside the ephemeral range that can be listened on', async () => {
    const [low] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    const ports = await Promise.all(Array.from({ length: 20 }, () => freePort()));
    for (const p of ports) {
      expect(p).toBeGreaterThanOrEqual(20_000);
      expect(p).toBeLessThan(Math.min(32_000, low));
    }
    expect(new Set(ports).size).toBeGreaterThan(15);
    // Free when answered: this test can listen on each.
    for (const p of ports.slice(0, 5)) {
      const srv = createServer();
      await new Promise<void>((r) => srv.listen(p, '127.0.0.1', () => r()));
      await new Promise<void>((r) => srv.close(() => r()));
    }
  });
});
