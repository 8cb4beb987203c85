/**
 * A local OpenAI-compatible provider on 127.0.0.1 that answers with a script instead of 400: each
 * request of a case takes the next reply (a tool call, or text once the script is used up), in
 * the streamed or plain chat-completions shape the request asks for. Lets a test drive real
 * @mastra/core through a tool or sub-agent call and see what Mastra does with it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type ScriptedReply = { toolCall: { name: string; arguments: object } } | { text: string };

export interface ScriptedProvider {
  urlFor(caseId: string, script: ScriptedReply[]): string;
  requests(caseId: string): Array<Record<string, unknown>>;
  close(): Promise<void>;
}

function completion(reply: ScriptedReply, stream: boolean): string {
  const base = { id: 'c1', created: 0, model: 'gpt-4o-mini' };
  const message =
    'toolCall' in reply
      ? {
          role: 'assistant',
          content: null,
          tool_calls: [
            {
              index: 0,
              id: 'call_1',
              type: 'function',
              function: {
                name: reply.toolCall.name,
                arguments: JSON.stringify(reply.toolCall.arguments),
              },
            },
          ],
        }
      : { role: 'assistant', content: reply.text };
  const finish = 'toolCall' in reply ? 'tool_calls' : 'stop';
  if (!stream)
    return JSON.stringify({
      ...base,
      object: 'chat.completion',
      choices: [{ index: 0, message, finish_reason: finish }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
  const chunk = (choice: object, extra: object = {}) =>
    `data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [choice], ...extra })}\n\n`;
  return (
    chunk({ index: 0, delta: message, finish_reason: null }) +
    chunk(
      { index: 0, delta: {}, finish_reason: finish },
      { usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 } },
    ) +
    'data: [DONE]\n\n'
  );
}

export async function startScriptedProvider(): Promise<ScriptedProvider> {
  const scripts = new Map<string, ScriptedReply[]>();
  const recorded = new Map<string, Array<Record<string, unknown>>>();
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      const caseId = decodeURIComponent(/^\/v1\/([^/]+)\//.exec(req.url ?? '')?.[1] ?? '');
      const parsed = JSON.parse(body) as Record<string, unknown>;
      recorded.set(caseId, [...(recorded.get(caseId) ?? []), parsed]);
      const reply = scripts.get(caseId)?.shift() ?? { text: 'ok' };
      const stream = parsed.stream === true;
      res.writeHead(200, {
        'content-type': stream ? 'text/event-stream' : 'application/json',
        connection: 'close',
      });
      res.end(completion(reply, stream));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    urlFor: (caseId, script) => {
      scripts.set(caseId, [...script]);
      return `http://127.0.0.1:${port}/v1/${encodeURIComponent(caseId)}`;
    },
    requests: (caseId) => recorded.get(caseId) ?? [],
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
