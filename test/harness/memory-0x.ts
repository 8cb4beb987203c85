/**
 * A memory for network() on the lines that ship no in-memory one (0.16 to 0.24): network() needs
 * a memory to keep its thread, and those lines export only the abstract MastraMemory. This one
 * keeps threads and messages in maps and remembers nothing, which is all a run of one routing
 * step reads. The 1.x lines' own MockMemory is used where it exists.
 */
import type { MastraLine } from './mastra-versions.ts';

type Thread = { id: string; resourceId?: string; [k: string]: unknown };
type Message = { id: string; threadId?: string; [k: string]: unknown };

export async function memoryFor(line: MastraLine): Promise<unknown> {
  const mod = (await import(`${line.pkg}/memory`)) as {
    MockMemory?: new () => unknown;
    MastraMemory: new (config: { name: string; options?: object }) => object;
  };
  if (mod.MockMemory) return new mod.MockMemory();
  const threads = new Map<string, Thread>();
  const messages = new Map<string, Message>();
  const list = (threadId?: string) =>
    [...messages.values()].filter((m) => !threadId || m.threadId === threadId);
  class MapMemory extends mod.MastraMemory {
    getThreadById({ threadId }: { threadId: string }) {
      return Promise.resolve(threads.get(threadId) ?? null);
    }
    getThreadsByResourceId({ resourceId }: { resourceId: string }) {
      return Promise.resolve([...threads.values()].filter((t) => t.resourceId === resourceId));
    }
    saveThread({ thread }: { thread: Thread }) {
      threads.set(thread.id, thread);
      return Promise.resolve(thread);
    }
    saveMessages({ messages: batch }: { messages: Message[] }) {
      for (const m of batch) messages.set(m.id, m);
      return Promise.resolve(batch);
    }
    rememberMessages() {
      return Promise.resolve({ messages: [], messagesV2: [] });
    }
    query({ threadId }: { threadId: string }) {
      const found = list(threadId);
      return Promise.resolve({ messages: found, uiMessages: [], messagesV2: found });
    }
    deleteThread(threadId: string) {
      threads.delete(threadId);
      return Promise.resolve();
    }
    deleteMessages(ids: string[]) {
      for (const id of ids) messages.delete(id);
      return Promise.resolve();
    }
    getWorkingMemory() {
      return Promise.resolve(null);
    }
    getWorkingMemoryTemplate() {
      return Promise.resolve(null);
    }
  }
  // No title request: a network's first request is then its routing agent's, as on 1.x.
  return new MapMemory({ name: 'map-memory', options: { threads: { generateTitle: false } } });
}
