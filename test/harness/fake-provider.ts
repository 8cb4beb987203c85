/**
 * A fake OpenAI-compatible provider on 127.0.0.1 that records every request body and answers 400,
 * so one agent call ends right after Mastra has built its request. Each case gets its own path
 * prefix (`/v1/<case>/chat/completions`), so many agents can share one server concurrently. A case
 * can ask for its first answer to be a tool call instead (to see which name Mastra runs).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeProvider {
  /** Base URL for one case; pass it as the model's `url`. */
  urlFor(caseId: string): string;
  /** Request bodies recorded for one case, oldest first. */
  requests(caseId: string): Array<Record<string, unknown>>;
  forget(caseId: string): void;
  /** The first request of `caseId` is answered with a call of the tool `name` (then 400s). */
  answerWithToolCall(caseId: string, name: string): void;
  close(): Promise<void>;
}

export async function startFakeProvider(): Promise<FakeProvider> {
  const recorded = new Map<string, Array<Record<string, unknown>>>();
  const toolCalls = new Map<string, string>();
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
      const call = toolCalls.get(caseId);
      if (call !== undefined && list.length === 1) {
        toolCallAnswer(res, call, list[0]!.stream === true);
        return;
      }
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
    forget: (caseId) => {
      recorded.delete(caseId);
      toolCalls.delete(caseId);
    },
    answerWithToolCall: (caseId, name) => void toolCalls.set(caseId, name),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}

/** A chat completion that calls `name` once, as a stream (SSE) or as one JSON body. */
function toolCallAnswer(res: http.ServerResponse, name: string, stream: boolean): void {
  const call = { id: 'call_1', type: 'function', function: { name, arguments: '{"q":"x"}' } };
  const base = { id: 'fake', created: 1, model: 'gpt-4o-mini' };
  if (!stream) {
    res.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
    res.end(
      JSON.stringify({
        ...base,
        object: 'chat.completion',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: null, tool_calls: [call] },
            finish_reason: 'tool_calls',
          },
        ],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }),
    );
    return;
  }
  const chunk = (delta: unknown, finish: string | null) =>
    `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  res.writeHead(200, { 'content-type': 'text/event-stream', connection: 'close' });
  res.write(chunk({ role: 'assistant', tool_calls: [{ index: 0, ...call }] }, null));
  res.write(chunk({}, 'tool_calls'));
  res.end('data: [DONE]\n\n');
}
