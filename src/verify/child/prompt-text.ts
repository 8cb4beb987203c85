/**
 * The text a provider request gives the model to read, per protocol: the system prompt (after
 * whatever the app did to build it: factories, loaders, templates, imported text, the parts Mastra
 * adds) and the text of the user's messages. Tool results and the assistant's own turns are left
 * out: they are not instructions. Runs in the child: Node built-ins only.
 */
import type { Protocol, RequestPrompt } from '../model.ts';

type Json = Record<string, unknown>;
const obj = (v: unknown): Json | undefined =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : undefined;
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** A prompt longer than this is cut: the check reads names, not books. */
const MAX_CHARS = 200_000;

/** The text of a content value: a string, or the text parts of a list of parts. */
function textOf(content: unknown): string[] {
  if (typeof content === 'string') return [content];
  return arr(content).flatMap((part) => {
    const p = obj(part);
    if (!p) return [];
    if (
      typeof p.text === 'string' &&
      (p.type === undefined || (typeof p.type === 'string' && /text$/.test(p.type)))
    )
      return [p.text];
    return [];
  });
}

const SYSTEM_ROLES = new Set(['system', 'developer']);

function fromRoleMessages(messages: unknown[], into: RequestPrompt, contentKey: string): void {
  for (const m of messages.map(obj)) {
    if (!m) continue;
    if (SYSTEM_ROLES.has(String(m.role))) into.system.push(...textOf(m[contentKey]));
    else if (m.role === 'user') into.user.push(...textOf(m[contentKey]));
  }
}

function capped(texts: string[]): string[] {
  let left = MAX_CHARS;
  const out: string[] = [];
  for (const t of texts.filter((t) => t.trim() !== '')) {
    if (left <= 0) break;
    out.push(t.slice(0, left));
    left -= t.length;
  }
  return out;
}

/** Each function tool's name and description, as the protocol lists them. */
function descriptionsOf(protocol: Protocol, body: Json): Array<{ tool: string; text: string }> {
  const out: Array<{ tool: string; text: string }> = [];
  const add = (name: unknown, text: unknown) => {
    if (typeof name === 'string' && typeof text === 'string' && text.trim() !== '')
      out.push({ tool: name, text });
  };
  for (const t of arr(body.tools).map(obj)) {
    if (!t) continue;
    if (protocol === 'openai-chat' && t.type === 'function')
      add(obj(t.function)?.name, obj(t.function)?.description);
    else if (protocol === 'openai-responses' && t.type === 'function') add(t.name, t.description);
    else if (protocol === 'anthropic-messages' && (t.type === undefined || t.type === 'custom'))
      add(t.name, t.description);
    else if (protocol === 'google-generate-content')
      for (const d of arr(t.functionDeclarations).map(obj)) add(d?.name, d?.description);
  }
  return out;
}

export function promptOf(protocol: Protocol, body: Json): RequestPrompt {
  const prompt: RequestPrompt = { system: [], user: [] };
  switch (protocol) {
    case 'openai-chat':
      fromRoleMessages(arr(body.messages), prompt, 'content');
      break;
    case 'openai-responses':
      if (typeof body.instructions === 'string') prompt.system.push(body.instructions);
      if (typeof body.input === 'string') prompt.user.push(body.input);
      else fromRoleMessages(arr(body.input), prompt, 'content');
      break;
    case 'anthropic-messages':
      prompt.system.push(...textOf(body.system));
      fromRoleMessages(arr(body.messages), prompt, 'content');
      break;
    case 'google-generate-content':
      prompt.system.push(
        ...arr(obj(body.systemInstruction)?.parts).flatMap((p) => textOf([obj(p) ?? {}])),
      );
      for (const c of arr(body.contents).map(obj))
        if (c?.role === 'user')
          prompt.user.push(...arr(c.parts).flatMap((p) => textOf([obj(p) ?? {}])));
      break;
  }
  const descriptions = descriptionsOf(protocol, body);
  return {
    system: capped(prompt.system),
    user: capped(prompt.user),
    ...(descriptions.length ? { descriptions } : {}),
  };
}
