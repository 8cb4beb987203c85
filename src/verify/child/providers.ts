/**
 * The model providers verify answers inside the child: it recognises a request by its path, reads
 * the tool names and tool choice it carries, and replies with the smallest valid answer (the text
 * "ok", no tool call), streamed or not as asked. Runs in the child: Node built-ins only.
 */
import type { Protocol, ToolChoiceView, WireRequest } from '../model.ts';
import { promptOf } from './prompt-text.ts';
import { asText } from './text.ts';

export interface LocalReply {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The protocol a request speaks, from its method and path (any host: OpenRouter, Azure, proxies). */
export function protocolOf(method: string, url: URL): Protocol | undefined {
  if (method.toUpperCase() !== 'POST') return undefined;
  const p = url.pathname.replace(/\/+$/, '');
  if (p.endsWith('/chat/completions')) return 'openai-chat';
  if (p.endsWith('/responses')) return 'openai-responses';
  if (p.endsWith('/messages')) return 'anthropic-messages';
  if (/:(stream)?generateContent$/i.test(p)) return 'google-generate-content';
  return undefined;
}

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function openAiChoice(raw: unknown): ToolChoiceView | undefined {
  if (raw === 'auto' || raw === 'none' || raw === 'required') return { mode: raw };
  const o = obj(raw);
  const name = str(obj(o?.function)?.name) ?? str(o?.name);
  if (name !== undefined) return { mode: 'tool', toolName: name };
  return o ? { mode: 'tool', toolName: str(o.type) ?? '?' } : undefined;
}

function anthropicChoice(raw: unknown): ToolChoiceView | undefined {
  const o = obj(raw);
  if (!o) return undefined;
  if (o.type === 'tool') return { mode: 'tool', toolName: str(o.name) ?? '?' };
  if (o.type === 'any') return { mode: 'required' };
  if (o.type === 'none') return { mode: 'none' };
  return { mode: 'auto' };
}

function googleChoice(raw: unknown): ToolChoiceView | undefined {
  const config = obj(obj(raw)?.functionCallingConfig);
  if (!config) return undefined;
  const allowed = arr(config.allowedFunctionNames).filter(
    (n): n is string => typeof n === 'string',
  );
  if (config.mode === 'ANY')
    return allowed.length === 1 ? { mode: 'tool', toolName: allowed[0]! } : { mode: 'required' };
  if (config.mode === 'NONE') return { mode: 'none' };
  return { mode: 'auto' };
}

/** What one request carries, read the way each protocol lists tools. */
export function readRequest(protocol: Protocol, method: string, url: URL, body: Json): WireRequest {
  const tools: string[] = [];
  const providerTools: string[] = [];
  let rawToolChoice: unknown;
  let toolChoice: ToolChoiceView | undefined;
  let stream = body.stream === true;
  switch (protocol) {
    case 'openai-chat':
      for (const t of arr(body.tools).map(obj)) {
        if (t?.type === 'function') tools.push(String(obj(t.function)?.name));
        else if (t) providerTools.push(String(t.type ?? t.name));
      }
      rawToolChoice = body.tool_choice;
      toolChoice = openAiChoice(rawToolChoice);
      break;
    case 'openai-responses':
      for (const t of arr(body.tools).map(obj)) {
        if (t?.type === 'function') tools.push(String(t.name));
        else if (t) providerTools.push(String(t.type ?? t.name));
      }
      rawToolChoice = body.tool_choice;
      toolChoice = openAiChoice(rawToolChoice);
      break;
    case 'anthropic-messages':
      for (const t of arr(body.tools).map(obj)) {
        if (!t) continue;
        // Client tools have no type (or `custom`); server tools are typed (`web_search_20250305`).
        if (t.type === undefined || t.type === 'custom') tools.push(String(t.name));
        else providerTools.push(asText(t.name ?? t.type));
      }
      rawToolChoice = body.tool_choice;
      toolChoice = anthropicChoice(rawToolChoice);
      break;
    case 'google-generate-content':
      for (const t of arr(body.tools).map(obj)) {
        if (!t) continue;
        for (const [kind, value] of Object.entries(t)) {
          if (kind === 'functionDeclarations')
            for (const d of arr(value).map(obj)) tools.push(String(d?.name));
          else providerTools.push(kind);
        }
      }
      rawToolChoice = body.toolConfig;
      toolChoice = googleChoice(rawToolChoice);
      stream = /:streamGenerateContent$/i.test(url.pathname);
      break;
  }
  const model = str(body.model) ?? /\/models\/([^/:]+)/.exec(url.pathname)?.[1];
  const prompt = promptOf(protocol, body);
  return {
    protocol,
    method: method.toUpperCase(),
    url: `${url.origin}${url.pathname}`,
    ...(model ? { model } : {}),
    tools,
    providerTools,
    ...(toolChoice ? { toolChoice } : {}),
    ...(rawToolChoice !== undefined ? { rawToolChoice } : {}),
    stream,
    ...(prompt.system.length || prompt.user.length ? { prompt } : {}),
  };
}

const TEXT = 'ok';

function sse(events: Array<{ event?: string; data: unknown }>, done = false): LocalReply {
  const lines = events.map(
    (e) => `${e.event ? `event: ${e.event}\n` : ''}data: ${JSON.stringify(e.data)}\n\n`,
  );
  if (done) lines.push('data: [DONE]\n\n');
  return {
    status: 200,
    headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' },
    body: lines.join(''),
  };
}

const json = (data: unknown): LocalReply => ({
  status: 200,
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(data),
});

function chatReply(model: string, stream: boolean): LocalReply {
  const base = { id: 'chatcmpl-mtn-verify', created: 0, model };
  const usage = { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 };
  if (!stream) {
    return json({
      ...base,
      object: 'chat.completion',
      choices: [{ index: 0, message: { role: 'assistant', content: TEXT }, finish_reason: 'stop' }],
      usage,
    });
  }
  const chunk = (choices: unknown[], extra: Json = {}) => ({
    data: { ...base, object: 'chat.completion.chunk', choices, ...extra },
  });
  return sse(
    [
      chunk([{ index: 0, delta: { role: 'assistant', content: TEXT }, finish_reason: null }]),
      chunk([{ index: 0, delta: {}, finish_reason: 'stop' }]),
      chunk([], { usage }),
    ],
    true,
  );
}

function responsesReply(model: string, stream: boolean): LocalReply {
  const message = {
    type: 'message',
    id: 'msg_mtn_verify',
    status: 'completed',
    role: 'assistant',
    content: [{ type: 'output_text', text: TEXT, annotations: [] }],
  };
  const usage = {
    input_tokens: 1,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: 1,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: 2,
  };
  const response = (status: string, output: unknown[]) => ({
    id: 'resp_mtn_verify',
    object: 'response',
    created_at: 0,
    status,
    model,
    output,
    incomplete_details: null,
    usage: status === 'completed' ? usage : null,
  });
  if (!stream) return json(response('completed', [message]));
  const ev = (type: string, data: Json) => ({ event: type, data: { type, ...data } });
  return sse([
    ev('response.created', { response: response('in_progress', []) }),
    ev('response.output_item.added', {
      output_index: 0,
      item: { ...message, status: 'in_progress', content: [] },
    }),
    ev('response.output_text.delta', {
      item_id: message.id,
      output_index: 0,
      content_index: 0,
      delta: TEXT,
      logprobs: [],
    }),
    ev('response.output_item.done', { output_index: 0, item: message }),
    ev('response.completed', { response: response('completed', [message]) }),
  ]);
}

function anthropicReply(model: string, stream: boolean): LocalReply {
  const message = {
    id: 'msg_mtn_verify',
    type: 'message',
    role: 'assistant',
    model,
    stop_sequence: null,
  };
  if (!stream)
    return json({
      ...message,
      content: [{ type: 'text', text: TEXT }],
      stop_reason: 'end_turn',
      usage: { input_tokens: 1, output_tokens: 1 },
    });
  const ev = (type: string, data: Json) => ({ event: type, data: { type, ...data } });
  return sse([
    ev('message_start', {
      message: {
        ...message,
        content: [],
        stop_reason: null,
        usage: { input_tokens: 1, output_tokens: 0 },
      },
    }),
    ev('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }),
    ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: TEXT } }),
    ev('content_block_stop', { index: 0 }),
    ev('message_delta', {
      delta: { stop_reason: 'end_turn', stop_sequence: null },
      usage: { output_tokens: 1 },
    }),
    ev('message_stop', {}),
  ]);
}

function googleReply(stream: boolean): LocalReply {
  const data = {
    candidates: [
      { content: { role: 'model', parts: [{ text: TEXT }] }, finishReason: 'STOP', index: 0 },
    ],
    usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 },
  };
  return stream ? sse([{ data }]) : json(data);
}

/** The smallest valid answer in the request's own protocol. */
export function replyFor(request: WireRequest): LocalReply {
  const model = request.model ?? 'model';
  switch (request.protocol) {
    case 'openai-chat':
      return chatReply(model, request.stream);
    case 'openai-responses':
      return responsesReply(model, request.stream);
    case 'anthropic-messages':
      return anthropicReply(model, request.stream);
    case 'google-generate-content':
      return googleReply(request.stream);
  }
}
