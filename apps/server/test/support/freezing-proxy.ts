import net from 'node:net';

/**
 * A TCP proxy on 127.0.0.1 (a port the system picks) in front of one server, that can stop
 * forwarding on command while keeping every socket open: a stalled link, as a congested or
 * half-dead network path looks to both ends (no error, no close, nothing arrives). Bytes sent
 * meanwhile stay in the sockets' buffers and go through, in order, once it thaws.
 */
export type FreezingProxy = {
  /** `redis://127.0.0.1:<port>`-style address's host and port to point a client at. */
  port: number;
  freeze(): void;
  thaw(): void;
  close(): Promise<void>;
};

export async function startFreezingProxy(target: {
  host: string;
  port: number;
}): Promise<FreezingProxy> {
  let frozen = false;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    if (frozen) socket.pause();
  };
  const forward = (from: net.Socket, to: net.Socket) => {
    from.on('data', (chunk) => to.write(chunk));
    from.on('end', () => to.end());
    from.on('close', () => to.destroy());
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    track(client);
    track(upstream);
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze() {
      frozen = true;
      for (const socket of sockets) socket.pause();
    },
    thaw() {
      frozen = false;
      for (const socket of sockets) socket.resume();
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
