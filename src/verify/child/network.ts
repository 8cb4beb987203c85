/**
 * Keeps the child offline. Global `fetch` is answered in-process; `node:http`/`node:https` requests
 * are sent to a server on 127.0.0.1 inside this process; provider requests get a local reply and
 * everything else is refused and listed. Below that, every TCP connection (`net`, `tls`, undici,
 * database drivers), DNS lookup and UDP send that is not our own loopback server is refused too.
 * With `--allow-mcp`, an MCP client's `fetch` to a local URL (localhost, 127.0.0.1, ::1) goes
 * through, and so do sockets to that local port; every such server is listed.
 */
import dgram from 'node:dgram';
import dns from 'node:dns';
import http, { type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { protocolOf, readRequest, replyFor, type LocalReply } from './providers.ts';
import { fromMcpClient, mcpState, recordMcpStart, recordProviderRequest, refuse } from './state.ts';

const ORIGINAL_URL = 'x-mastra-tool-names-url';
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);
/** The IPC pipe tsx probes at start-up: `<tmp>/tsx-<uid>/<ppid>.pipe`. */
const TSX_PIPE = /[\\/]tsx-\d+[\\/]\d+\.pipe$/;

/** A provider request gets its local reply; anything else is not answered here. */
function answer(method: string, url: URL, bodyText: string): LocalReply | undefined {
  const protocol = protocolOf(method, url);
  if (!protocol) return undefined;
  let body: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(bodyText);
    if (parsed && typeof parsed === 'object') body = parsed as Record<string, unknown>;
  } catch {
    // An unreadable body still gets a reply; it just lists no tools.
  }
  const request = readRequest(protocol, method, url, body);
  recordProviderRequest(request);
  return replyFor(request);
}

/** `--allow-mcp`: an MCP client's request to a local server is let through (and listed). */
function localMcp(url: URL): boolean {
  if (!mcpState.allowed || !['http:', 'https:'].includes(url.protocol)) return false;
  if (!LOCAL_HOSTS.has(url.hostname) || !fromMcpClient()) return false;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  mcpState.localPorts.add(port);
  recordMcpStart({ transport: 'http', url: `${url.origin}${url.pathname}` });
  return true;
}

function patchFetch(): void {
  const original = globalThis.fetch;
  globalThis.fetch = async function offlineFetch(
    input: string | URL | Request,
    init?: RequestInit,
  ): Promise<Response> {
    const request = new Request(input, init);
    const url = new URL(request.url);
    // data: and blob: URLs never leave the process.
    if (url.protocol === 'data:' || url.protocol === 'blob:') return original(input, init);
    if (localMcp(url)) return original(input, init);
    if (!protocolOf(request.method, url))
      throw new TypeError('fetch failed', { cause: refuse('http', url.href, request.method) });
    const reply = answer(request.method, url, await request.text())!;
    return new Response(reply.body, { status: reply.status, headers: reply.headers });
  };
}

type RequestArgs = [
  string | URL | RequestOptions,
  (RequestOptions | ((res: IncomingMessage) => void))?,
  ((res: IncomingMessage) => void)?,
];

/** The URL and options of an `http.request()` call, in any of its signatures. */
function requestTarget(
  args: RequestArgs,
  defaultProtocol: string,
): { url: URL; options: RequestOptions; callback?: (res: IncomingMessage) => void } {
  let [first, , third] = args;
  const second = args[1];
  let base: URL | undefined;
  if (typeof first === 'string' || first instanceof URL) {
    base = new URL(String(first));
    first = typeof second === 'object' ? second : {};
  } else {
    third = second as typeof third;
  }
  const options = first ?? {};
  const callback = typeof second === 'function' ? second : third;
  if (options.socketPath)
    return {
      url: new URL(`unix:${options.socketPath}${options.path ?? '/'}`),
      options,
      ...(callback ? { callback } : {}),
    };
  const protocol = options.protocol ?? base?.protocol ?? defaultProtocol;
  const host =
    options.hostname ?? options.host?.replace(/:\d+$/, '') ?? base?.hostname ?? 'localhost';
  const port = options.port ?? base?.port;
  const url = new URL(
    `${protocol}//${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}${port ? `:${port}` : ''}`,
  );
  const pathAndQuery = options.path ?? (base ? base.pathname + base.search : '/');
  return { url: new URL(pathAndQuery, url), options, ...(callback ? { callback } : {}) };
}

function patchHttp(port: number, originalRequest: typeof http.request): void {
  const toLoopback = (
    path: string,
    options: RequestOptions,
    headers: Record<string, string>,
    callback?: (res: IncomingMessage) => void,
  ): ClientRequest =>
    originalRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: options.method ?? 'GET',
        headers: { ...(options.headers as Record<string, string> | undefined), ...headers },
        agent: false,
        ...(options.timeout !== undefined ? { timeout: options.timeout } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
      },
      callback,
    );
  for (const [mod, protocol] of [
    [http, 'http:'],
    [https, 'https:'],
  ] as const) {
    const request = (...args: RequestArgs): ClientRequest => {
      const { url, options, callback } = requestTarget(args, protocol);
      const method = (options.method ?? 'GET').toUpperCase();
      if (protocolOf(method, url))
        return toLoopback(
          url.pathname + url.search,
          options,
          { [ORIGINAL_URL]: url.href },
          callback,
        );
      const error = refuse('http', url.href, method);
      const req = toLoopback('/refused', { method }, {}, callback);
      req.destroy(error);
      return req;
    };
    Object.assign(mod, {
      request,
      get: (...args: RequestArgs) => {
        const req = request(...args);
        req.end();
        return req;
      },
    });
  }
}

/** The loopback server that answers `node:http(s)` provider requests. */
async function startLoopback(): Promise<{ port: number; request: typeof http.request }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(String(req.headers[ORIGINAL_URL] ?? `http://127.0.0.1${req.url}`));
      const reply = answer(req.method ?? 'GET', url, Buffer.concat(chunks).toString('utf8'));
      if (!reply) {
        res.writeHead(502, { connection: 'close' }).end();
        return;
      }
      res.writeHead(reply.status, { ...reply.headers, connection: 'close' });
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  return { port: (server.address() as AddressInfo).port, request: http.request };
}

function patchSockets(port: number): void {
  // eslint-disable-next-line @typescript-eslint/unbound-method -- the original, called with .apply(this) below
  const connect = net.Socket.prototype.connect as (this: net.Socket, ...a: unknown[]) => net.Socket;
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    // net.connect() passes its normalised arguments as one array.
    const first: unknown = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
    const options = (
      typeof first === 'object' && first !== null
        ? first
        : typeof first === 'number'
          ? { port: first, host: args[1] }
          : { path: first }
    ) as { port?: number | string; host?: string; path?: string | null };
    const host = options.host ?? 'localhost';
    // http.Agent passes `path: null` along with the port.
    const socketPath = typeof options.path === 'string' ? options.path : undefined;
    if (socketPath === undefined && Number(options.port) === port && LOCAL_HOSTS.has(host))
      return connect.apply(this, args);
    // A local MCP server the client was let through to (--allow-mcp).
    if (
      socketPath === undefined &&
      LOCAL_HOSTS.has(host) &&
      mcpState.localPorts.has(Number(options.port))
    )
      return connect.apply(this, args);
    if (socketPath !== undefined && TSX_PIPE.test(socketPath)) {
      // tsx looks for a `tsx watch` parent on this pipe; there is none, as if it did not exist.
      process.nextTick(() =>
        this.destroy(Object.assign(new Error(`connect ENOENT ${socketPath}`), { code: 'ENOENT' })),
      );
      return this;
    }
    const error = refuse(
      'socket',
      socketPath !== undefined ? `unix:${socketPath}` : `${host}:${options.port}`,
    );
    process.nextTick(() => this.destroy(error));
    return this;
  };

  dgram.Socket.prototype.send = function guardedSend(this: dgram.Socket, ...args: unknown[]) {
    const target =
      args
        .slice(1)
        .filter((a) => typeof a === 'string' || typeof a === 'number')
        .slice(-2)
        .join(':') || 'connected socket';
    const error = refuse('udp', target);
    const callback = args.find((a) => typeof a === 'function') as ((e: Error) => void) | undefined;
    process.nextTick(() => (callback ? callback(error) : this.emit('error', error)));
  } as typeof dgram.Socket.prototype.send;
}

const DNS_FUNCTIONS = [
  'lookup',
  'lookupService',
  'resolve',
  'resolve4',
  'resolve6',
  'resolveAny',
  'resolveCname',
  'resolveCaa',
  'resolveMx',
  'resolveNaptr',
  'resolveNs',
  'resolvePtr',
  'resolveSoa',
  'resolveSrv',
  'resolveTxt',
  'reverse',
] as const;

function patchDns(): void {
  for (const target of [dns, dns.promises] as Array<Record<string, unknown>>) {
    for (const name of DNS_FUNCTIONS) {
      const original = target[name] as ((this: unknown, ...a: unknown[]) => unknown) | undefined;
      if (typeof original !== 'function') continue;
      const promised = target === (dns.promises as unknown);
      target[name] = function guardedDns(this: unknown, host: unknown, ...rest: unknown[]) {
        if (typeof host === 'string' && LOCAL_HOSTS.has(host))
          return original.call(this, host, ...rest);
        const error = refuse('dns', String(host));
        if (promised) return Promise.reject(error);
        const callback = [...rest].reverse().find((a) => typeof a === 'function') as
          ((e: Error) => void) | undefined;
        process.nextTick(() => callback?.(error));
        return undefined;
      };
    }
  }
}

/** Installs every network guard; returns once the loopback server listens. */
export async function goOffline(): Promise<void> {
  const loopback = await startLoopback();
  patchSockets(loopback.port);
  patchHttp(loopback.port, loopback.request);
  patchFetch();
  patchDns();
}
