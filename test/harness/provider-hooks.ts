/** One fake provider per test file, started before its tests (with Mastra's console muted). */
import { after, before } from 'node:test';
import { muteConsole } from './compare.ts';
import { startFakeProvider, type FakeProvider } from './fake-provider.ts';

export function useFakeProvider(): () => FakeProvider {
  let provider: FakeProvider | undefined;
  let unmute = () => {};
  before(async () => {
    provider = await startFakeProvider();
    unmute = muteConsole();
  });
  after(async () => {
    unmute();
    await provider?.close();
  });
  return () => {
    if (!provider) throw new Error('the fake provider is started in before()');
    return provider;
  };
}
