// The worker when the plugin runs from its TypeScript source (the project's own tests): tsx loads
// the .ts modules in this thread (an --import flag in a worker's execArgv does not, on Node 20).
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
