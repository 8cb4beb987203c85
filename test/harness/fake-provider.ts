/**
 * A fake OpenAI-compatible provider on 127.0.0.1 that records every request body and answers 400,
 * so one agent call ends right after Mastra has built its request. Each case gets its own path
 * prefix (`/v1/<case>/chat/completions`), so many agents can share one server concurrently.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeProvider {
  /** Base URL for one case; pass it as the model's `url`. */
  urlFor(caseId: string): string;
  /** Request bodies recorded for one case, oldest first. */
  requests(caseId: string): Array<Record<string, unknown>>;
  forget(caseId: string): void;
  close(): Promise<void>;
}

export async function startFakeProvider(): Promise<FakeProvider> {
  const recorded = new Map<string, Array<Record<string, unknown>>>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const caseId = /^\/v1\/([^/]+)\//.exec(req.url ?? '')?.[1] ?? '';
      const list = recorded.get(caseId) ?? [];
      try {
        list.push(JSON.parse(body) as Record<string, unknown>);
      } catch {
        list.push({ unparsable: body });
      }
      recorded.set(caseId, list);
      // No keep-alive: a client reusing a socket the server is closing races, fails the request, and
      // the SDK retries with back-off (seen as a flaky, slow test under load).
      res.writeHead(400, { 'content-type': 'application/json', connection: 'close' });
      res.end(
        JSON.stringify({
          error: { message: 'captured by fake provider', type: 'invalid_request_error' },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlFor: (caseId) => `http://127.0.0.1:${port}/v1/${encodeURIComponent(caseId)}`,
    requests: (caseId) => recorded.get(caseId) ?? [],
    forget: (caseId) => void recorded.delete(caseId),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
