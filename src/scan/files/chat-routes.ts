/**
 * A chat page and the server route it posts to. The AI SDK's `useChat` sends every message to one
 * endpoint (`api`, given to it or to the `DefaultChatTransport` it is given; `/api/chat` when none
 * is), and a Next.js route file answers at the path of its folder (`app/api/chat/route.ts`,
 * `pages/api/chat.ts`). When that route runs one agent, the tool parts the page compares are that
 * agent's. Syntax only; a page with two chats to different paths, or none, has no endpoint.
 */
import { Node, SyntaxKind, type SourceFile } from '../../ts-morph.ts';
import { resolveValue } from '../ast.ts';

/** The AI SDK's default endpoint for `useChat` (ai 5: `DefaultChatTransport`'s `api`). */
const DEFAULT_CHAT_API = '/api/chat';

/**
 * The path a Next.js route file answers at, with the folder of its site (what comes before
 * `app/` or `pages/`, and `src/`), or undefined for any other file.
 */
export function routeOf(relFile: string): { site: string; path: string } | undefined {
  const app = /^((?:[^/]+\/)*?)(?:src\/)?app\/(.+)\/route\.(?:ts|js|mts|mjs)$/.exec(relFile);
  if (app) {
    // Route groups (`(chat)`) are not part of the path.
    const parts = app[2]!.split('/').filter((p) => !/^\(.*\)$/.test(p));
    return { site: app[1]!, path: `/${parts.join('/')}` };
  }
  const pages = /^((?:[^/]+\/)*?)(?:src\/)?pages\/(api\/.+?)(?:\/index)?\.(?:ts|js)$/.exec(relFile);
  return pages ? { site: pages[1]!, path: `/${pages[2]}` } : undefined;
}

/**
 * The one agent the route a page posts to runs: routes and the agents their calls run, by site
 * and path; the page's site is the longest one its file lies in.
 */
export function routedAgent(
  routes: ReadonlyArray<{ site: string; path: string; agentIndex: number }>,
  pageFile: string,
  endpoint: string,
): number | undefined {
  const here = routes.filter((r) => r.path === endpoint && pageFile.startsWith(r.site));
  const longest = Math.max(-1, ...here.map((r) => r.site.length));
  const agents = new Set(here.filter((r) => r.site.length === longest).map((r) => r.agentIndex));
  return agents.size === 1 ? [...agents][0] : undefined;
}

/** `api: '/x'` in an options object, or in a `new DefaultChatTransport({...})` it holds. */
function apiOf(options: Node | undefined): string | null | undefined {
  const object = options ? resolveValue(options) : undefined;
  if (!object || !Node.isObjectLiteralExpression(object)) return options ? undefined : null;
  const own = object.getProperty('api');
  if (own) {
    const value = Node.isPropertyAssignment(own) ? own.getInitializer() : undefined;
    const literal = value ? resolveValue(value) : undefined;
    return literal && Node.isStringLiteral(literal) ? literal.getLiteralValue() : undefined;
  }
  const transport = object.getProperty('transport');
  if (!transport) return null;
  const made = Node.isPropertyAssignment(transport) ? transport.getInitializer() : undefined;
  const value = made ? resolveValue(made) : undefined;
  if (!value || !Node.isNewExpression(value)) return undefined;
  if (value.getExpression().getText() !== 'DefaultChatTransport') return undefined;
  const inner = apiOf(value.getArguments()[0]);
  return inner === null ? DEFAULT_CHAT_API : inner;
}

/** The one endpoint the `useChat` calls of a file post to, when they agree and can be read. */
export function chatEndpoint(file: SourceFile): string | undefined {
  if (!file.getFullText().includes('useChat')) return undefined;
  const paths = new Set<string | undefined>();
  for (const call of file.getDescendantsOfKind(SyntaxKind.CallExpression)) {
    if (call.getExpression().getText() !== 'useChat') continue;
    const api = apiOf(call.getArguments()[0]);
    paths.add(api === null ? DEFAULT_CHAT_API : api);
  }
  return paths.size === 1 ? [...paths][0] : undefined;
}
